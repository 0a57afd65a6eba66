/**
 * The lobby's gallery and the how-to pages draw their pictures with the tables' piece helpers on a
 * 2D canvas (client/ui/sketch.ts), so those screens load no Phaser. Here every gallery picture and
 * every how-to picture (each game's variants) is drawn both ways in real Chromium — with Phaser
 * (a RenderTexture in a drawn scene, as the lobby did before) and with the sketch — and compared:
 * averaged over 4×4-pixel blocks (text is rasterised differently: Phaser draws it at 1× and
 * scales it), the whole may differ only a little and few blocks (≤ 4 %) by more than a quarter. Two different
 * pictures compared the same way are told apart, so the comparison can fail.
 * Side-by-side images (Phaser left, sketch right) are kept when KEEP_PICTURES names a folder.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { games } from '../../shared/games/registry.js';
import { browserTestsRun, useServerAndBrowser } from '../support/browser.js';

const env = useServerAndBrowser();
const keep = process.env.KEEP_PICTURES;

interface Compared { name: string; meanBlockDiff: number; farBlocks: number; sideBySide?: string }

/** Runs in the page: draws each named picture with Phaser and with the sketch, and compares them. */
function compareInPage(args: { requests: { name: string; kind: 'gallery' | 'howto'; game: string; variant?: string; section?: string; against?: string }[]; keep: boolean }): Promise<Compared[]> {
  type Picture = { w: number; h: number; draw(scene: unknown): unknown[] };
  const w = window as unknown as {
    junction: { scene: { getScene(k: string): any } };
    junctionPictures: { gallery(g: string): Promise<Picture | null>; howto(g: string, v: string): Promise<Record<string, Picture>>; sketch(p: Picture, scale: number, bg?: number): Promise<HTMLCanvasElement> };
  };
  const SCALE = 2;
  const BG = 0x263049;
  const scene = w.junction.scene.getScene('replay');
  const phaser = (picture: Picture): Promise<HTMLCanvasElement> => {
    const root = scene.add.container(0, 0, picture.draw(scene)).setScale(SCALE);
    const rt = scene.make.renderTexture({ width: picture.w * SCALE, height: picture.h * SCALE }, false);
    rt.fill(BG).draw(root);
    root.destroy();
    return new Promise((resolve) => rt.snapshot((image: HTMLImageElement) => {
      rt.destroy();
      const c = document.createElement('canvas');
      c.width = picture.w * SCALE;
      c.height = picture.h * SCALE;
      c.getContext('2d')!.drawImage(image, 0, 0);
      resolve(c);
    }));
  };
  const find = async (kind: string, game: string, variant?: string, section?: string): Promise<Picture> => {
    const p = kind === 'gallery' ? await w.junctionPictures.gallery(game) : (await w.junctionPictures.howto(game, variant!))[section!];
    if (!p) throw new Error(`no picture ${kind} ${game} ${variant} ${section}`);
    return p;
  };
  const blocks = (c: HTMLCanvasElement): Float64Array => {
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    const bw = Math.floor(c.width / 4);
    const bh = Math.floor(c.height / 4);
    const out = new Float64Array(bw * bh * 3);
    for (let y = 0; y < bh * 4; y++) {
      for (let x = 0; x < bw * 4; x++) {
        const i = (y * c.width + x) * 4;
        const b = (Math.floor(y / 4) * bw + Math.floor(x / 4)) * 3;
        for (let k = 0; k < 3; k++) out[b + k] += data[i + k] / 16;
      }
    }
    return out;
  };
  return (async () => {
    const results: Compared[] = [];
    for (const r of args.requests) {
      const picture = await find(r.kind, r.game, r.variant, r.section);
      const drawn = await phaser(r.against ? await find('gallery', r.against) : picture);
      const sketched = await w.junctionPictures.sketch(picture, SCALE, BG);
      const a = blocks(drawn);
      const b = blocks(sketched);
      let sum = 0;
      let far = 0;
      for (let i = 0; i < a.length; i += 3) {
        const d = (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2])) / 3;
        sum += d;
        if (d > 64) far += 1;
      }
      let sideBySide: string | undefined;
      if (args.keep) {
        const both = document.createElement('canvas');
        both.width = drawn.width * 2 + 8;
        both.height = drawn.height;
        const ctx = both.getContext('2d')!;
        ctx.drawImage(drawn, 0, 0);
        ctx.drawImage(sketched, drawn.width + 8, 0);
        sideBySide = both.toDataURL('image/png');
      }
      results.push({ name: r.name, meanBlockDiff: sum / (a.length / 3), farBlocks: far / (a.length / 3), sideBySide });
    }
    return results;
  })();
}

describe.skipIf(!browserTestsRun)('pictures drawn without Phaser', () => {
  it('every gallery and how-to picture looks as Phaser draws it', async () => {
    const page = await env.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(env.server.http);
      await page.locator('[data-testid^=game-]').first().waitFor({ timeout: 30_000 });
      // A drawn scene to draw with: a replay that does not exist shows its message and Back.
      await page.evaluate(() => { (window as unknown as { junction: { scene: { start(k: string, d: object): void } } }).junction.scene.start('replay', { id: 'no-such-game' }); });
      await page.locator('[data-testid=replay-back]').waitFor({ timeout: 60_000 });

      const requests: Parameters<typeof compareInPage>[0]['requests'] = games.map((g) => ({ name: `gallery-${g.id}`, kind: 'gallery' as const, game: g.id }));
      for (const g of games) {
        for (const variant of g.variants) {
          const sections = await page.evaluate(async ([game, v]) => Object.keys(await (window as unknown as { junctionPictures: { howto(g: string, v: string): Promise<object> } }).junctionPictures.howto(game, v)), [g.id, variant] as const);
          for (const section of sections) requests.push({ name: `howto-${g.id}-${variant}-${section}`, kind: 'howto', game: g.id, variant, section });
        }
      }
      // The control: a different game's picture must not pass for this one.
      requests.push({ name: 'control', kind: 'gallery', game: 'rush_hour', against: 'car_exchange' });
      const results = await page.evaluate(compareInPage, { requests, keep: Boolean(keep) });
      if (keep) {
        mkdirSync(keep, { recursive: true });
        for (const r of results) writeFileSync(join(keep, `${r.name}.png`), Buffer.from(r.sideBySide!.split(',')[1], 'base64'));
      }
      const measured = results.map(({ name, meanBlockDiff, farBlocks }) => ({ name, mean: Math.round(meanBlockDiff * 10) / 10, far: Math.round(farBlocks * 1000) / 10 }));
      const control = measured.find((r) => r.name === 'control')!;
      const pictures = measured.filter((r) => r.name !== 'control');
      expect(pictures.length).toBeGreaterThan(games.length * 2);
      // Measured: the pictures ≤ 4.2 mean and ≤ 1.3 % far blocks; the control 80 and 54 %.
      const unlike = (r: { mean: number; far: number }) => r.mean > 8 || r.far > 4;
      expect(pictures.filter(unlike)).toEqual([]);
      expect(unlike(control)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);
});
