/**
 * Every game with a table renderer opens in Chromium: a private table with bots starts, the table
 * draws without a page error, and the keyboard reaches the renderer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { renderers } from '../../client/games/registry.js';
import { bootServer, type TestServer } from '../support/server.js';
import { chromiumAvailable, launchChromium } from '../support/browser.js';

const canRun = chromiumAvailable() || process.env.CI === 'true';
let server: TestServer;
let browser: BrowserContext;

beforeAll(async () => {
  server = await bootServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.skipIf(!canRun)('table renderers in Chromium', () => {
  it.each(Object.keys(renderers))('%s draws its table from the synced state', async (game) => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.http);
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
    await page.screenshot({ path: `/tmp/junction-${game}.png` });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
