/**
 * Turns a Picture into an image URL: its pieces are drawn (at twice the size, for sharp text) on a
 * 2D canvas with the tables' own helpers (client/ui/sketch.ts), then read back once. The URLs are
 * kept, so switching variants or reopening the screen draws nothing again.
 */
import { sketch } from '../ui/sketch.js';
import type { Picture } from './pictures/picture.js';

const SCALE = 2;
const cache = new Map<string, Promise<string>>();

export function pictureUrl(key: string, picture: Picture): Promise<string> {
  let url = cache.get(key);
  if (!url) {
    url = render(picture);
    cache.set(key, url);
    url.catch(() => cache.delete(key));
  }
  return url;
}

async function render(picture: Picture): Promise<string> {
  return sketch(picture.w, picture.h, SCALE, (scene) => picture.draw(scene)).toDataURL('image/png');
}
