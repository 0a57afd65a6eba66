/**
 * axe-core (the accessibility engine, run inside the page) on every screen in real Chromium, in
 * English and French (issue 30): the lobby, how to play, the profile, tournaments, and the table
 * (its waiting room in the table frame) of every game; the lobby and how to play also in the dark
 * theme. Any serious or critical violation fails, named with the elements it was found on.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createRequire } from 'node:module';
import { browserTestsRun, failureScreenshot, useServerAndBrowser } from '../support/browser.js';
import { games } from '../../shared/games/registry.js';

const env = useServerAndBrowser();
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface Violation { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] }

async function seriousViolations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  }) as Violation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ')).join(' | ')}`);
}

async function lobby(page: Page, lng: string): Promise<void> {
  await page.goto(env.server.http);
  await page.evaluate((l) => localStorage.setItem('junction.lang', l), lng);
  await page.reload();
  await page.locator('#name').waitFor({ timeout: 30_000 });
  await page.locator('[data-testid^=game-]').first().waitFor({ timeout: 30_000 });
}

async function start(page: Page, key: string, data: object, ready: string): Promise<void> {
  await page.evaluate(([k, d]) => (window as unknown as { junction: any }).junction.scene.getScene('lobby').scene.start(k, d), [key, data] as const);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
}

describe.skipIf(!browserTestsRun)('no serious or critical accessibility violation (axe-core)', () => {
  for (const lng of ['en', 'fr']) {
    it(`every screen in ${lng.toUpperCase()}`, async () => {
      const page = await env.browser.newPage();
      const found: string[] = [];
      try {
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await lobby(page, lng);
          found.push(...await seriousViolations(page, `lobby (${scheme})`));
          await start(page, 'howto', { game: 'railway_madness', returnTo: 'lobby' }, '[data-testid=howto]');
          found.push(...await seriousViolations(page, `how to play (${scheme})`));
        }
        await page.emulateMedia({ colorScheme: 'light' });
        await lobby(page, lng);
        await page.click('[data-testid=profile]');
        await page.locator('#profile-name').waitFor({ timeout: 30_000 });
        found.push(...await seriousViolations(page, 'profile'));
        await lobby(page, lng);
        await page.click('[data-testid=tournaments]');
        await page.locator('[data-testid=tournament-create]').waitFor({ timeout: 30_000 });
        found.push(...await seriousViolations(page, 'tournaments'));
        for (const game of games) {
          await lobby(page, lng);
          await page.click(`[data-testid=game-${game.id}]`);
          await page.click('[data-testid=create-private]');
          await page.locator('#waiting-room').waitFor({ timeout: 30_000 });
          found.push(...await seriousViolations(page, `table of ${game.id}`));
          // Leave the seat: a page reloaded while seated goes back to its table.
          await page.click('[data-testid=waiting-leave]');
          // The confirmation is a table screen too.
          await page.locator('[data-testid$=-dialog]').waitFor({ timeout: 30_000 });
          if (game.id === games[0].id) found.push(...await seriousViolations(page, 'leave dialog'));
          await page.click('[data-testid$=-confirm]');
          await page.locator('#name').waitFor({ timeout: 30_000 });
        }
        if (found.length) console.error(found.join('\n'));
        expect(found).toEqual([]);
      } catch (error) {
        console.error('screenshot:', await failureScreenshot(page, `axe-${lng}`));
        throw error;
      } finally {
        await page.close();
      }
    }, 600_000);
  }
});
