/**
 * Draws the app's icons (client/public/icons/*.png and client/public/favicon.ico) from iconSvg,
 * rendered by Debian's Chromium: run `npx tsx client/pwa/makeIcons.ts` after changing the icon,
 * and commit what it writes. The favicon is an ICO holding 16, 32 and 48 px PNGs (every current
 * browser reads PNG inside ICO).
 */
import { chromium } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { iconSvg } from './icon.js';

const out = join(import.meta.dirname, '../public');
const ICONS: { file: string; size: number; maskable: boolean }[] = [
  { file: 'icons/icon-192.png', size: 192, maskable: false },
  { file: 'icons/icon-512.png', size: 512, maskable: false },
  { file: 'icons/maskable-192.png', size: 192, maskable: true },
  { file: 'icons/maskable-512.png', size: 512, maskable: true },
  { file: 'icons/apple-touch-icon.png', size: 180, maskable: true },
];
const FAVICON_SIZES = [16, 32, 48];

/** An ICO file whose images are PNGs: a 6-byte header, a 16-byte entry per image, then the images. */
function ico(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  const render = async (size: number, maskable: boolean): Promise<Buffer> => {
    await page.setViewportSize({ width: size, height: size });
    const svg = iconSvg(maskable).replace('width="512" height="512"', `width="${size}" height="${size}"`);
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    return page.locator('svg').screenshot({ omitBackground: true });
  };
  mkdirSync(join(out, 'icons'), { recursive: true });
  for (const icon of ICONS) writeFileSync(join(out, icon.file), await render(icon.size, icon.maskable));
  const favicons = [];
  for (const size of FAVICON_SIZES) favicons.push({ size, png: await render(size, false) });
  writeFileSync(join(out, 'favicon.ico'), ico(favicons));
} finally {
  await browser.close();
}
