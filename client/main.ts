import Phaser from 'phaser';
import { LobbyScene } from './scenes/LobbyScene.js';
import { TableScene } from './scenes/TableScene.js';
import { TournamentScene } from './scenes/TournamentScene.js';
import { PlayersScene } from './scenes/PlayersScene.js';
import { ReplayScene } from './scenes/ReplayScene.js';
import { HowToScene } from './scenes/HowToScene.js';
import { initI18n } from './i18n/index.js';
import './ui/tapTargets.js';

await initI18n();

const game = new Phaser.Game({
  type: Phaser.AUTO,
  parent: 'game',
  backgroundColor: '#1d2330',
  dom: { createContainer: true },
  scale: { mode: Phaser.Scale.RESIZE, width: window.innerWidth, height: window.innerHeight },
  scene: [LobbyScene, TableScene, TournamentScene, PlayersScene, ReplayScene, HowToScene],
});

// Exposed for browser tests and debugging (read-only use).
(window as unknown as { junction: Phaser.Game }).junction = game;
