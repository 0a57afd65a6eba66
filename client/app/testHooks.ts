/**
 * Test hook, like window.junctionTargets: browser tests open the table's how-to overlay and read
 * the first hint without a table. Both fetch their chunk on use, so the hook costs the lobby nothing.
 */
import { loadGameLocales } from '../i18n/index.js';
import { screens } from './screens.js';
import type { Picture } from '../howto/pictures/picture.js';

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

/**
 * Test hook: the gallery's and the how-to pages' pictures as drawing functions, and the 2D-canvas
 * drawing of one, so a browser test can draw the same picture with Phaser and compare.
 */
(globalThis as unknown as { junctionPictures: unknown }).junctionPictures = {
  gallery: async (game: string) => (await import('../lobby/pictures.js')).galleryPicture(game),
  howto: async (game: string, variant: string) => {
    const [{ PICTURES }, { isHowToGame }] = await Promise.all([import('../howto/pictures/index.js'), import('../howto/content.js'), loadGameLocales(game)]);
    return isHowToGame(game) ? PICTURES[game](variant) : {};
  },
  sketch: async (picture: Picture, scale: number, background?: number) => (await import('../ui/sketch.js')).sketch(picture.w, picture.h, scale, picture.draw, background),
};
