/**
 * Test hook, like window.junctionTargets: browser tests open the table's how-to overlay and read
 * the first hint without a table. Both fetch their chunk on use, so the hook costs the lobby nothing.
 */
import { loadGameLocales } from '../i18n/index.js';
import { screens } from './screens.js';

(globalThis as unknown as { junctionHowTo: unknown }).junctionHowTo = {
  // Outside a table the game's texts may not be loaded yet (a table loads them when it opens).
  open: async (game: string, variant?: string) => {
    const [{ openHowTo }] = await Promise.all([import('../howto/overlay.js'), loadGameLocales(game)]);
    const host = screens.getScenes(true)[0] ?? screens.current;
    return host ? openHowTo(host, game, variant) : null;
  },
  firstTimeHint: async (game: string) => {
    const [{ firstTimeHint }] = await Promise.all([import('../howto/firstTime.js'), loadGameLocales(game)]);
    return firstTimeHint(game);
  },
};
