/**
 * Railway Madness at six seats (issue 27), in English and French, on a phone upright (390×844), on
 * its side (844×390) and on a desktop (1280×800): my train of many cars, my held card with its
 * buttons, and every rival's locomotive and held card are drawn whole inside the board, with no
 * page scrolling, at a readable size, and the layout check finds nothing. The bots play on the
 * test's cue (BOTS_ON_CUE) and are never cued: the table changes only by this page's own moves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserTestsRun, failureScreenshot, useServerAndBrowser } from '../support/browser.js';
import { describeProblems, layoutProblems } from '../support/layoutCheck.js';
import { openTable } from '../support/openTable.js';
import { eventually } from '../support/server.js';

const env = useServerAndBrowser({ hasTouch: true, server: { BOTS_ON_CUE: true } });
const SIZES = [{ width: 390, height: 844 }, { width: 844, height: 390 }, { width: 1280, height: 800 }];
const CARS = 14;
let shots = '';
// RAILWAY_LAYOUT_SHOTS=<dir> keeps the screenshots there, to be looked at.
beforeAll(() => { shots = process.env.RAILWAY_LAYOUT_SHOTS ?? mkdtempSync(join(tmpdir(), 'junction-railway-layout-')); });
afterAll(() => { if (!process.env.RAILWAY_LAYOUT_SHOTS) rmSync(shots, { recursive: true, force: true }); });

interface Seen { seat: number; train: number; holding: boolean; faceDown: number; version: number }

/** My seat, my train's length, whether I hold a card and the first face-down slot, as this page decoded them. */
function seen(page: Page): Promise<Seen> {
  return page.evaluate(() => {
    const scene = (window as unknown as { junction: any }).junction.scene.getScene('table');
    const room = scene.connection.room;
    const me = room.state.players.get(room.sessionId);
    const views = scene.connection.views();
    const pub = views.publicView;
    return {
      seat: me.seat, train: views.seatView.train.length, holding: pub.players[me.seat].holding !== null,
      faceDown: pub.table.findIndex((s: any) => s && 'down' in s), version: room.state.version,
    };
  });
}

const act = (page: Page, action: unknown) => page.evaluate((a) => (window as unknown as { junction: any }).junction.scene.getScene('table').connection.act(a), action);

/** Turn a face-down card over (it comes to my hand) and, unless `keep`, take it into my train. */
async function flipAndTake(page: Page, keep = false): Promise<void> {
  const before = await seen(page);
  await act(page, { type: 'flip', slot: before.faceDown });
  await eventually(async () => (await seen(page)).holding, 30_000, 'the turned card in my hand');
  if (keep) return;
  await act(page, { type: 'take' });
  await eventually(async () => { const now = await seen(page); return now.train === before.train + 1 && !now.holding; }, 30_000, 'the card in my train');
}

/**
 * Every piece the renderer keeps (table slots, locomotives, held cards, my train) and its buttons,
 * in page pixels, with the board's box; once nothing slides any more.
 */
function pieceBoxes(page: Page) {
  return page.evaluate(() => {
    const game = (window as unknown as { junction: any }).junction;
    const scene = game.scene.getScene('table');
    const c = game.canvas.getBoundingClientRect();
    const sx = c.width / game.scale.width;
    const stage = document.querySelector('.jn-stage')!.getBoundingClientRect();
    const page = (b: any) => ({ x: c.left + b.x * sx, y: c.top + b.y * sx, width: b.width * sx, height: b.height * sx });
    const renderer = scene.gameRenderer;
    // Pieces are keyed by card; the renderer says which stands where (`train-2`, `held-0`, `loco-1`).
    const places: Map<string, string> = renderer.places;
    const moving: boolean = renderer.moving();
    const pieces = [...places.entries()].map(([key, piece]) => ({ key, box: page(renderer.piece(piece).getBounds()) }));
    const buttons: { key: string; box: ReturnType<typeof page> }[] = [];
    const walk = (objects: any[]) => { for (const o of objects) { if (o.type === 'Text' && o.input?.enabled) buttons.push({ key: `button "${o.text}"`, box: page(o.getBounds()) }); if (Array.isArray(o.list)) walk(o.list); } };
    walk(scene.layer.list);
    return {
      moving, pieces, buttons, area: scene.area.width,
      stage: { left: stage.left, top: stage.top, right: stage.right, bottom: stage.bottom },
      // The board itself in the window: nothing of it to scroll to.
      offScreen: stage.top < -1 || stage.left < -1 || stage.bottom > window.innerHeight + 1 || stage.right > window.innerWidth + 1 || window.scrollY !== 0,
    };
  });
}

describe.skipIf(!browserTestsRun)('Railway Madness at six seats', () => {
  it.each(['en', 'fr'] as const)('%s: my train, my hand and every rival inside the board at three sizes', async (lang) => {
    const page = await env.browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    try {
      await page.setViewportSize(SIZES[0]);
      // A turned card stays in my hand for 30 s unless I take it: the held card and its buttons are measured too.
      await openTable(page, env.server.http, { id: 'railway_madness', variant: 'classic', players: 6, lang, options: { releaseMs: 30_000 } });
      await eventually(async () => page.evaluate(() => (window as unknown as { junction: any }).junction.scene.getScene('table').gameRenderer !== null), 60_000, 'the table drawn');
      await page.keyboard.press('Escape');
      for (let i = 0; i < CARS; i++) await flipAndTake(page);
      const me = await seen(page);
      expect(me.train).toBe(CARS);

      const problems: string[] = [];
      for (const size of SIZES) {
        await page.setViewportSize(size);
        const laid = await eventually(async () => {
          // A turned card goes back by itself after 30 s, also while a loaded machine lays the board
          // out: turn another over whenever my hand is empty, to measure it holding one.
          if (!(await seen(page)).holding) await flipAndTake(page, true);
          const now = await pieceBoxes(page);
          const wanted = size.width - (size.width >= 900 ? 230 : size.width > size.height ? 150 : 0) - 40;
          const holdingDrawn = now.pieces.some((p) => p.key === `held-${me.seat}`);
          return !now.moving && now.area >= wanted && holdingDrawn ? now : undefined;
        }, 60_000, `the board laid out at ${size.width}×${size.height} with my held card`);
        await page.screenshot({ path: join(shots, `railway-6-${lang}-${size.width}x${size.height}.png`) });
        const where = `${size.width}×${size.height}`;
        const keys = laid.pieces.map((p) => p.key);
        for (let seat = 0; seat < 6; seat++) expect(keys, `${where}: seat ${seat + 1}'s locomotive drawn`).toContain(`loco-${seat}`);
        for (let i = 0; i < CARS; i++) expect(keys, `${where}: car ${i + 1} of my train drawn`).toContain(`train-${i}`);
        expect(keys, `${where}: my held card drawn`).toContain(`held-${me.seat}`);
        const s = laid.stage;
        for (const { key, box } of [...laid.pieces, ...laid.buttons]) {
          const inside = box.x >= s.left - 1 && box.y >= s.top - 1 && box.x + box.width <= s.right + 1 && box.y + box.height <= s.bottom + 1;
          if (!inside) problems.push(`${where}: ${key} at ${JSON.stringify(box)} outside the board ${JSON.stringify(s)}`);
        }
        const train = laid.pieces.filter((p) => p.key.startsWith('train-') || p.key === `loco-${me.seat}`);
        for (const { key, box } of train) if (box.width < 20) problems.push(`${where}: ${key} only ${box.width.toFixed(1)} px wide`);
        if (laid.offScreen) problems.push(`${where}: the board is not all in the window`);
        const found = await layoutProblems(page);
        if (found.length) problems.push(`${where}: ${describeProblems(found)}`);
      }
      expect(problems).toEqual([]);
      expect(pageErrors).toEqual([]);
    } catch (error) {
      console.log('failure screenshot:', await failureScreenshot(page, `railway-layout-${lang}`).catch(() => '?'));
      throw error;
    } finally {
      await page.close();
    }
  }, 300_000);
});
