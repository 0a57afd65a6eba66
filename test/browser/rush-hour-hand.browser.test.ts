/**
 * Rush Hour's classic 10-card hand on a phone, in landscape (844×390) and portrait (390×844), and
 * on a desktop, in French and English: every card of the hand is shown whole (on one screen or
 * page by page with ▶), nothing covers it, no text overlaps or is cut off, and every card is a
 * finger-sized tap target.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserTestsRun, failureScreenshot, useServerAndBrowser } from '../support/browser.js';
import { describeProblems, layoutProblems } from '../support/layoutCheck.js';

const env = useServerAndBrowser({ hasTouch: true });
const SIZES = [{ width: 844, height: 390 }, { width: 390, height: 844 }, { width: 1280, height: 800 }];
let shots = '';
beforeAll(() => { shots = process.env.RUSH_HAND_SHOTS ?? mkdtempSync(join(tmpdir(), 'junction-rush-hand-')); });
afterAll(() => { if (!process.env.RUSH_HAND_SHOTS) rmSync(shots, { recursive: true, force: true }); });

/** Opens a two-seat classic Rush Hour table (10-card hands) and waits for the deal. */
async function openTable(page: Page, lang: 'fr' | 'en'): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('junction.lang', l), lang);
  await page.setViewportSize(SIZES[0]);
  await page.goto(env.server.http);
  await page.fill('#name', 'Zoé');
  await page.tap('[data-testid=game-rush_hour]');
  await page.locator('[data-testid=option-players]').fill('2');
  await page.tap('[data-testid=create-private]');
  await page.tap('[data-testid=start]', { timeout: 30_000 });
  await page.waitForFunction(() => {
    const scene = (window as unknown as { junction: any }).junction.scene.getScene('table');
    return scene?.connection?.room?.state?.phase === 'playing' && scene.gameRenderer && scene.layer?.list?.length > 0;
  }, undefined, { timeout: 60_000 });
  await page.waitForTimeout(2500);
}

/**
 * My hand's size, and the ids of its cards shown now as whole tap targets: ≥ 44 px, inside the
 * screen, and not covered anywhere (corners and centre) by the page's bars.
 */
async function handTargets(page: Page): Promise<{ hand: number; fine: string[]; next: boolean }> {
  return page.evaluate(() => {
    const w = window as unknown as { junction: any; junctionTargets: () => { id: string; x: number; y: number; width: number; height: number }[] };
    const scene = w.junction.scene.getScene('table');
    const mine = scene.gameRenderer.last?.mine;
    const ids = new Set<string>((mine?.hand ?? []).map((c: { id: number }) => `card-${c.id}`));
    const canvas: HTMLCanvasElement = w.junction.canvas;
    const c = canvas.getBoundingClientRect();
    const sx = c.width / w.junction.scale.width;
    const sy = c.height / w.junction.scale.height;
    const targets = w.junctionTargets();
    const fine = targets.filter((t) => {
      if (!ids.has(t.id) || t.width * sx < 43.5 || t.height * sy < 43.5) return false;
      const x0 = c.left + t.x * sx + 2;
      const y0 = c.top + t.y * sy + 2;
      const x1 = c.left + (t.x + t.width) * sx - 2;
      const y1 = c.top + (t.y + t.height) * sy - 2;
      const points = [[x0, y0], [x1, y0], [x0, y1], [x1, y1], [(x0 + x1) / 2, (y0 + y1) / 2]];
      return points.every(([x, y]) => x >= 0 && y >= 0 && x <= window.innerWidth && y <= window.innerHeight && document.elementFromPoint(x, y) === canvas);
    }).map((t) => t.id);
    return { hand: ids.size, fine, next: targets.some((t) => t.id === 'hand-next') };
  });
}

/** Taps ▶ until the last page, gathering every hand card seen whole; checks the layout on each page. */
async function wholeHand(page: Page, problems: string[], where: string): Promise<{ hand: number; seen: number }> {
  const seen = new Set<string>();
  for (let turn = 0; turn < 10; turn++) {
    const now = await handTargets(page);
    now.fine.forEach((id) => seen.add(id));
    const found = await layoutProblems(page);
    if (found.length) problems.push(`${where}, page ${turn + 1}: ${describeProblems(found)}`);
    if (!now.next) return { hand: now.hand, seen: seen.size };
    const next = (await page.evaluate(() => (window as unknown as { junctionTargets: () => { id: string; x: number; y: number; width: number; height: number }[] }).junctionTargets().find((t) => t.id === 'hand-next')))!;
    await page.touchscreen.tap(next.x + next.width / 2, next.y + next.height / 2);
    await page.waitForTimeout(1000);
  }
  throw new Error(`${where}: ▶ never reached the hand's last page`);
}

describe.skipIf(!browserTestsRun)('Rush Hour: a 10-card hand fits a phone', () => {
  it.each(['fr', 'en'] as const)('%s: whole hand on screen, nothing overlapping or clipped, cards ≥ 44 px', async (lang) => {
    const page = await env.browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    try {
      await openTable(page, lang);
      const problems: string[] = [];
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.waitForTimeout(1200);
        await page.screenshot({ path: join(shots, `rush-hand-${lang}-${size.width}x${size.height}.png`) });
        const where = `${size.width}×${size.height}`;
        if (size.height === 390) {
          // The keyboard turns the pages too: PgDn shows other cards, PgUp brings the first ones back.
          const first = (await handTargets(page)).fine;
          await page.keyboard.press('PageDown');
          await page.waitForTimeout(1000);
          const second = (await handTargets(page)).fine;
          expect(second.some((id) => first.includes(id)), 'PgDn shows other cards').toBe(false);
          await page.keyboard.press('PageUp');
          await page.waitForTimeout(1000);
          expect((await handTargets(page)).fine.sort(), 'PgUp shows the first cards again').toEqual([...first].sort());
        }
        const { hand, seen } = await wholeHand(page, problems, where);
        expect(hand, 'a classic deal gives 10 cards').toBe(10);
        if (seen !== hand) problems.push(`${where}: only ${seen} of ${hand} hand cards are ever shown whole as ≥ 44 px targets`);
      }
      expect(problems).toEqual([]);
      expect(pageErrors).toEqual([]);
    } catch (error) {
      console.log('failure screenshot:', await failureScreenshot(page, `rush-hand-${lang}`).catch(() => '?'));
      throw error;
    } finally {
      await page.close();
    }
  }, 180_000);
});
