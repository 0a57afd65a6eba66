/**
 * Every game's table on a phone, opened from the lobby gallery, in French and in English: once the
 * game runs, the French screen shows no English words besides names, and in both languages at
 * 390×844, 844×390 and 1280×800 no text overlaps other text or runs off the screen and every tap
 * target is finger-sized (DOM and Phaser). EVERY_TABLE_SHOTS=<dir> keeps the 42 screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserTestsRun, failureScreenshot, useServerAndBrowser } from '../support/browser.js';
import { englishWords, visibleTexts } from '../support/touchPlay.js';
import { describeProblems, layoutProblems } from '../support/layoutCheck.js';
import { catalogue } from '../../shared/games/catalogue.js';

const env = useServerAndBrowser({ hasTouch: true });
const SIZES = [{ width: 390, height: 844 }, { width: 844, height: 390 }, { width: 1280, height: 800 }];
let shots = '';
// EVERY_TABLE_SHOTS=<dir> keeps the screenshots there, to be looked at.
beforeAll(() => { shots = process.env.EVERY_TABLE_SHOTS ?? mkdtempSync(join(tmpdir(), 'junction-every-table-')); });
afterAll(() => { if (!process.env.EVERY_TABLE_SHOTS) rmSync(shots, { recursive: true, force: true }); });

/** Smallest table each game allows (Traffic Tango seats exactly four). */
const SEATS: Record<string, number> = { traffic_tango: 4, rush_hour: 2, car_exchange: 2 };

async function openIn(page: Page, game: string, lang: 'fr' | 'en'): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('junction.lang', l), lang);
  await page.setViewportSize(SIZES[0]);
  await page.goto(env.server.http);
  await page.fill('#name', 'Zoé');
  await page.tap(`[data-testid=game-${game}]`);
  const players = page.locator('[data-testid=option-players]');
  if (await players.count()) await players.fill(String(SEATS[game] ?? 2)).catch(() => undefined);
  await page.tap('[data-testid=create-private]');
  await page.tap('[data-testid=start]', { timeout: 30_000 });
  await page.waitForFunction(() => {
    const scene = (window as unknown as { junction: any }).junction.scene.getScene('table');
    return scene?.connection?.room?.state?.phase === 'playing' && scene.gameRenderer && scene.layer?.list?.length > 0;
  }, undefined, { timeout: 60_000 });
  // Let the deal and the first moves land.
  await page.waitForTimeout(2500);
}


describe.skipIf(!browserTestsRun)('every table, in French and in English, on a phone and a desktop', () => {
  const cases = catalogue.flatMap((g) => (['fr', 'en'] as const).map((lang) => [g.id, lang, g.title] as const));
  it.each(cases)('%s (%s): in its language only, nothing overlapping or clipped at three sizes', async (game, lang, title) => {
    const page = await env.browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    try {
      await openIn(page, game, lang);
      const names = await page.evaluate(() => {
        const scene = (window as unknown as { junction: any }).junction.scene.getScene('table');
        const out: string[] = [];
        scene.connection.room.state.players.forEach((p: { name: string }) => out.push(p.name));
        return out;
      });
      if (lang === 'fr') {
        const english = englishWords(await visibleTexts(page), [...names, title, 'Junction']);
        expect(english, 'English on a French table').toEqual([]);
      }
      const problems: string[] = [];
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.waitForTimeout(1200);
        await page.screenshot({ path: join(shots, `${game}-${lang}-${size.width}x${size.height}.png`) });
        const found = await layoutProblems(page);
        if (found.length) problems.push(`${size.width}×${size.height}: ${describeProblems(found)}`);
      }
      expect(problems).toEqual([]);
      expect(pageErrors).toEqual([]);
    } catch (error) {
      console.log('failure screenshot:', await failureScreenshot(page, `every-table-${game}-${lang}`).catch(() => '?'));
      throw error;
    } finally {
      await page.close();
    }
  }, 180_000);
});
