/**
 * Every game with a table renderer opens in Chromium: a private table with bots starts, the table
 * draws without a page error, and the keyboard reaches the renderer.
 */
import { describe, expect, it } from 'vitest';
import { rendererGames } from '../../client/games/registry.js';
import { browserTestsRun, useServerAndBrowser } from '../support/browser.js';
import { startDefaultTable } from '../support/openTable.js';

const env = useServerAndBrowser();

describe.skipIf(!browserTestsRun)('table renderers in Chromium', () => {
  it.each([...rendererGames])('%s draws its table from the synced state', async (game) => {
    const page = await env.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await startDefaultTable(page, env.server.http, game);
    // Keys pressed on the page reach this game's renderer, in order.
    await page.evaluate(() => {
      const w = window as unknown as { junction: any; keysSeen: string[] };
      const renderer = w.junction.scene.getScene('table').gameRenderer;
      const onKey = renderer.onKey;
      w.keysSeen = [];
      renderer.onKey = (ctx: unknown, key: string) => {
        w.keysSeen.push(key);
        return onKey.call(renderer, ctx, key);
      };
    });
    const keys = ['1', 'ArrowRight', 'Enter'];
    for (const key of keys) await page.keyboard.press(key);
    await page.waitForFunction((n) => (window as unknown as { keysSeen: string[] }).keysSeen.length >= n, keys.length, { timeout: 30_000 })
      .catch(() => undefined);
    expect(await page.evaluate(() => (window as unknown as { keysSeen: string[] }).keysSeen)).toEqual(keys);
    await page.waitForTimeout(1500);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
