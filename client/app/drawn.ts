/**
 * The drawn scenes' chunk: Phaser, the table and the replay. Fetched the first time one of them
 * opens (client/app/screens.ts), never by the lobby; the game is made once and kept.
 */
import Phaser from 'phaser';
import { TableScene } from '../scenes/TableScene.js';
import { ReplayScene } from '../scenes/ReplayScene.js';

/** A tween's time runs this much faster under reduced motion: any duration passes in one frame. */
const JUMP = 1e6;

export function createDrawnGame(): Promise<Phaser.Game> {
  return new Promise((resolve) => {
    const game = new Phaser.Game({
      type: Phaser.AUTO,
      parent: 'game',
      backgroundColor: '#1d2330',
      scale: { mode: Phaser.Scale.RESIZE, width: window.innerWidth, height: window.innerHeight },
    });
    // Reduced motion (client/ui/motion.ts): every tween of the drawn scenes ends in its first step,
    // so a piece jumps to where it goes; one place for every renderer's slides, flips and fades.
    game.events.on(Phaser.Core.Events.PRE_STEP, () => {
      const timeScale = document.documentElement.dataset.motion === 'reduce' ? JUMP : 1;
      for (const scene of game.scene.getScenes(true)) scene.tweens.timeScale = timeScale;
    });
    // Added after boot, without starting: the screen asking for one starts it with its data.
    game.events.once(Phaser.Core.Events.READY, () => {
      game.scene.add('table', TableScene, false);
      game.scene.add('replay', ReplayScene, false);
      resolve(game);
    });
  });
}
