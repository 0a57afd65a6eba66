/**
 * The first load: the texts, the lobby and the screens' table of contents. Everything else is
 * fetched when first opened (client/app/screens.ts): how to play, tournaments and players as
 * their own chunks, Phaser with the table and the replay (client/app/drawn.ts) as another.
 */
import { junction, screens } from './app/screens.js';
import { LobbyScene } from './scenes/LobbyScene.js';
import { initI18n, onLanguageChanged, t } from './i18n/index.js';
import './app/testHooks.js';
import './ui/tapTargets.js';
import './ui/theme.css';
import { applyStoredTheme } from './ui/theme.js';
import { applyStoredMotion } from './ui/motion.js';
import { registerServiceWorker } from './pwa/register.js';

applyStoredTheme();
applyStoredMotion();

const drawn = () => import('./app/drawn.js');
screens.domScreen('lobby', () => new LobbyScene());
screens.domScreen('howto', async () => new (await import('./scenes/HowToScene.js')).HowToScene());
screens.domScreen('tournaments', async () => new (await import('./scenes/TournamentScene.js')).TournamentScene());
screens.domScreen('players', async () => new (await import('./scenes/PlayersScene.js')).PlayersScene());
screens.drawnScenes(['table', 'replay'], drawn, async () => (await drawn()).createDrawnGame());

await initI18n();
const nameGameArea = (): void => document.getElementById('game')?.setAttribute('aria-label', t('lobby:display.game_area'));
nameGameArea();
onLanguageChanged(nameGameArea);

// A screen whose chunk could not be fetched (the connection dropped): say so where the screen on show reports errors.
screens.onError = (error) => {
  console.error(error);
  const alerts = document.querySelectorAll<HTMLElement>('.jn-error[role=alert]');
  const alert = alerts[alerts.length - 1];
  if (alert) alert.textContent = t('lobby:errors.server', { error: error instanceof Error ? error.message : String(error) });
};

// Exposed for browser tests and debugging (read-only use).
(window as unknown as { junction: typeof junction }).junction = junction;
screens.start('lobby');
// A new build takes over only while no table or replay is open (client/pwa/register.ts).
registerServiceWorker(() => screens.current !== null);
