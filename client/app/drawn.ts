/**
 * The drawn scenes' chunk: Phaser, the table and the replay. Fetched the first time one of them
 * opens (client/app/screens.ts), never by the lobby; the game is made once and kept.
 */
import Phaser from 'phaser';
import { TableScene } from '../scenes/TableScene.js';
import { ReplayScene } from '../scenes/ReplayScene.js';

export function createDrawnGame(): Promise<Phaser.Game> {
  return new Promise((resolve) => {
    const game = new Phaser.Game({
      type: Phaser.AUTO,
      parent: 'game',
      backgroundColor: '#1d2330',
      scale: { mode: Phaser.Scale.RESIZE, width: window.innerWidth, height: window.innerHeight },
    });
    // Added after boot, without starting: the screen asking for one starts it with its data.
    game.events.once(Phaser.Core.Events.READY, () => {
      game.scene.add('table', TableScene, false);
      game.scene.add('replay', ReplayScene, false);
      resolve(game);
    });
  });
}
