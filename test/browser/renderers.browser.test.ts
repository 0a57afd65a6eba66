/**
 * Every game with a table renderer opens in Chromium: a private table with bots starts, the table
 * draws without a page error, and the keyboard reaches the renderer.
 */
import { describe, expect, it } from 'vitest';
import { renderers } from '../../client/games/registry.js';
import { browserTestsRun, useServerAndBrowser } from '../support/browser.js';

const env = useServerAndBrowser();

describe.skipIf(!browserTestsRun)('table renderers in Chromium', () => {
  it.each(Object.keys(renderers))('%s draws its table from the synced state', async (game) => {
    const page = await env.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(env.server.http);
    await page.fill('#name', 'Tester');
    await page.selectOption('#game-select', game);
    await page.click('[data-testid=create-private]');
    await page.click('[data-testid=start]', { timeout: 10_000 });
    const drawn = await page.waitForFunction(() => {
      const scene = (window as unknown as { junction: any }).junction.scene.getScene('table');
      return scene?.connection?.room?.state?.phase === 'playing' && scene.children.list.some((o: any) => o.list?.length > 0);
    }, undefined, { timeout: 10_000 });
    expect(drawn).toBeTruthy();
    for (const key of ['1', 'ArrowRight', 'Enter']) await page.keyboard.press(key);
    await page.waitForTimeout(1500);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
