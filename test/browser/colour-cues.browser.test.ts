/**
 * Colour is never the only cue (issue 30), checked on what a player sees: each game's table in real
 * Chromium, photographed at 1280×800 and 390×844 (English; two games also in French), and each
 * screenshot run through a colour-blindness simulation (protanopia and deuteranopia,
 * client/a11y/colourVision.ts) in the page. The piece colours the game declares
 * (client/games/colourCues.ts) are looked for in the pixels; any two found on screen that the
 * simulation makes hard to tell apart must carry different marks (letter, shape, pattern, symbol).
 * The pictures (normal and simulated) and a picture of the text view go to a temporary folder,
 * kept in JUNCTION_SHOTS when that is set, for a person to look at.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserTestsRun, failureScreenshot, useServerAndBrowser } from '../support/browser.js';
import { openTable, type TableSpec } from '../support/openTable.js';
import { cueBots } from '../../server/rooms/botCue.js';
import { colourCues, marksOf } from '../../client/games/colourCues.js';
import { CONFUSABLE, deltaE, rgbOf, simulate, type Deficiency } from '../../client/a11y/colourVision.js';

const env = useServerAndBrowser({ server: { BOTS_ON_CUE: true } });
const keep = process.env.JUNCTION_SHOTS;
const shots = keep ? (mkdirSync(keep, { recursive: true }), keep) : mkdtempSync(join(tmpdir(), 'junction-colour-'));
afterAll(() => { if (!keep) rmSync(shots, { recursive: true, force: true }); });

const LOCALES = join(import.meta.dirname, '../../client/i18n/locales');
const letterIn = (lang: string) => (key: string): string => {
  const [ns, path] = key.split(':');
  let node: unknown = JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8'));
  for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
  return String(node);
};

interface Spec extends TableSpec { open?: string }

const TABLES: Spec[] = [
  { id: 'bip_bip', variant: 'single', players: 2, lang: 'en', options: {} },
  { id: 'bip_bip', variant: 'single', players: 2, lang: 'fr', options: {} },
  { id: 'car_exchange', variant: 'classic', players: 2, lang: 'en', options: { turnMs: 60_000 } },
  { id: 'railway_madness', variant: 'classic', players: 2, lang: 'en', options: {}, open: 'slot-' },
  { id: 'railway_madness', variant: 'classic', players: 2, lang: 'fr', options: {}, open: 'slot-' },
  { id: 'traffic_tango', variant: 'classic', players: 4, lang: 'en', options: {} },
  { id: 'traffic_memory', variant: 'classic', players: 2, lang: 'en', options: { revealMs: 10_000, flipMs: 60_000 }, open: 'card-' },
  { id: 'took_over', variant: 'classic', players: 2, lang: 'en', options: {} },
  { id: 'rush_hour', variant: 'classic', players: 2, lang: 'en', options: {} },
];

interface Measured { counts: number[]; simulated: Record<Deficiency, string> }

/** In the page: how many pixels of each colour the screenshot holds, and the screenshot as each deficiency sees it. */
async function measure(page: Page, png: Buffer, colours: number[]): Promise<Measured> {
  return page.evaluate(async ([b64, colours]) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const g = canvas.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const data = g.getImageData(0, 0, img.width, img.height);
    const px = data.data;
    const targets = colours.map((c) => [(c >> 16) & 255, (c >> 8) & 255, c & 255]);
    const counts = colours.map(() => 0);
    for (let i = 0; i < px.length; i += 4) {
      targets.forEach(([r, gg, b], k) => { if (Math.abs(px[i] - r) <= 6 && Math.abs(px[i + 1] - gg) <= 6 && Math.abs(px[i + 2] - b) <= 6) counts[k]++; });
    }
    const M: Record<string, number[]> = {
      protanopia: [0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998],
      deuteranopia: [0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.01182, 0.04294, 0.968881],
    };
    const lin = new Float32Array(256).map((_, c) => { const s = c / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
    const srgb = (l: number) => { const c = Math.min(1, Math.max(0, l)); return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055); };
    const simulated: Record<string, string> = {};
    for (const [name, m] of Object.entries(M)) {
      const out = g.createImageData(data.width, data.height);
      for (let i = 0; i < px.length; i += 4) {
        const [r, gg, b] = [lin[px[i]], lin[px[i + 1]], lin[px[i + 2]]];
        out.data[i] = srgb(m[0] * r + m[1] * gg + m[2] * b);
        out.data[i + 1] = srgb(m[3] * r + m[4] * gg + m[5] * b);
        out.data[i + 2] = srgb(m[6] * r + m[7] * gg + m[8] * b);
        out.data[i + 3] = 255;
      }
      g.putImageData(out, 0, 0);
      simulated[name] = canvas.toDataURL('image/png').split(',')[1];
    }
    return { counts, simulated };
  }, [png.toString('base64'), colours] as const) as Promise<Measured>;
}

/** Clicks the first offered target with this prefix (a face-down card), so coloured faces show. */
async function openOne(page: Page, prefix: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const t = (await page.evaluate(() => (window as unknown as { junctionTargets(): { id: string; x: number; y: number; width: number; height: number }[] }).junctionTargets()))
      .find((x) => x.id.startsWith(prefix));
    if (t) {
      await page.mouse.click(t.x + t.width / 2, t.y + t.height / 2);
      return;
    }
    cueBots();
    await page.waitForTimeout(200);
  }
}

describe.skipIf(!browserTestsRun)('colour is never the only cue, on screenshots through a colour-blindness simulation', () => {
  it.each(TABLES)('$id ($lang)', async (spec) => {
    const page = await env.browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      await openTable(page, env.server.http, spec);
      if (spec.open) await openOne(page, spec.open);
      const pieces = colourCues[spec.id];
      const letter = letterIn(spec.lang);
      const seen = new Set<number>();
      for (const [w, h] of [[1280, 800], [390, 844]] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.waitForTimeout(1500);
        const name = `${spec.id}-${spec.lang}-${w}x${h}`;
        const png = await page.screenshot({ path: join(shots, `${name}.png`) });
        const { counts, simulated } = await measure(page, png, pieces.map((p) => p.colour));
        for (const [deficiency, b64] of Object.entries(simulated)) writeFileSync(join(shots, `${name}-${deficiency}.png`), Buffer.from(b64, 'base64'));
        const present = pieces.filter((_, i) => counts[i] >= 40);
        present.forEach((p) => seen.add(p.colour));
        for (let i = 0; i < present.length; i++) {
          for (let j = i + 1; j < present.length; j++) {
            const [a, b] = [present[i], present[j]];
            for (const d of ['protanopia', 'deuteranopia'] as const) {
              if (deltaE(simulate(rgbOf(a.colour), d), simulate(rgbOf(b.colour), d)) >= CONFUSABLE) continue;
              expect(marksOf(a, letter), `${name}: ${a.piece} and ${b.piece} look alike under ${d}`).not.toBe(marksOf(b, letter));
            }
          }
        }
      }
      // The check looked at real pieces: at least one declared colour is on screen.
      expect(seen.size, `${spec.id}: no declared piece colour found on screen`).toBeGreaterThan(0);
      // And the text view, for a person to look at.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.click('[data-testid=text-view-toggle]');
      await page.waitForTimeout(800);
      await page.screenshot({ path: join(shots, `${spec.id}-${spec.lang}-textview-1280x800.png`) });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(800);
      await page.screenshot({ path: join(shots, `${spec.id}-${spec.lang}-textview-390x844.png`) });
    } catch (error) {
      console.error('screenshot:', await failureScreenshot(page, `colour-${spec.id}`).catch(() => '?'));
      throw error;
    } finally {
      await page.close();
    }
  }, 240_000);
});
