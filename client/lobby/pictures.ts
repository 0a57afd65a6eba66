/**
 * Each game's gallery picture (its `gallery` drawing, client/games/registry.ts), drawn at runtime
 * from the game's own pieces (the table renderers' drawing helpers, unchanged) on a 2D canvas
 * (client/ui/sketch.ts: no Phaser in the lobby) and read back as an image URL for the DOM gallery.
 * No external assets. Pictures are drawn once per page and cached.
 */
import { sketch } from '../ui/sketch.js';
import { language } from '../i18n/index.js';
import type { Picture } from '../howto/pictures/picture.js';
import { clientGame } from '../games/registry.js';

/** Logical size of a picture (CSS pixels); drawn at SCALE× for sharp screens. */
export const PICTURE_W = 240;
export const PICTURE_H = 120;
const SCALE = 2;
export const BACKGROUND = 0x263049;

const cache = new Map<string, string>();

/** The game's gallery picture as a how-to Picture (its own size, drawn in a container at 0, 0), or null. */
export function galleryPicture(gameId: string): Picture | null {
  const draw = clientGame(gameId)?.gallery;
  if (!draw) return null;
  return {
    w: PICTURE_W,
    h: PICTURE_H,
    draw: (scene) => {
      const c = scene.add.container(0, 0);
      draw(scene, c);
      return [c];
    },
  };
}

/** A data URL of the game's picture (PNG); '' for a game without one, or whose drawing failed. */
export function gamePicture(gameId: string): string {
  // Pieces print words: a picture is drawn once per language.
  const key = `${language()}:${gameId}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const picture = galleryPicture(gameId);
  let url = '';
  try {
    if (picture) url = sketch(picture.w, picture.h, SCALE, picture.draw, BACKGROUND).toDataURL('image/png');
  } catch (error) {
    console.error(`picture of ${gameId}`, error);
  }
  cache.set(key, url);
  return url;
}
