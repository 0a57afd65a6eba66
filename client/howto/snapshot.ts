/**
 * Turns a Picture into an image URL: its pieces are drawn (at twice the size, for sharp text)
 * into a RenderTexture that never reaches the screen, then read back once. The URLs are kept,
 * so switching variants or reopening the screen draws nothing again.
 */
import type Phaser from 'phaser';
import type { Picture } from './pictures/picture.js';

const SCALE = 2;
const cache = new Map<string, Promise<string>>();

export function pictureUrl(scene: Phaser.Scene, key: string, picture: Picture): Promise<string> {
  let url = cache.get(key);
  if (!url) {
    url = render(scene, picture);
    cache.set(key, url);
    url.catch(() => cache.delete(key));
  }
  return url;
}

function render(scene: Phaser.Scene, picture: Picture): Promise<string> {
  const root = scene.add.container(0, 0, picture.draw(scene)).setScale(SCALE);
  const rt = scene.make.renderTexture({ width: picture.w * SCALE, height: picture.h * SCALE }, false);
  try {
    rt.draw(root);
  } finally {
    root.destroy();
  }
  return new Promise((resolve, reject) => {
    rt.snapshot((image) => {
      rt.destroy();
      if (image instanceof HTMLImageElement) resolve(image.src);
      else reject(new Error('snapshot gave no image'));
    });
  });
}
