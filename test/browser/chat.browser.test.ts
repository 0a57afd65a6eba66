/**
 * Table chat in real Chromium (issue 29): a player whose page is in French reads a phrase an
 * English-speaking player sent as a code ("Bonne chance !"), and the page's own phrase button
 * sends the code the other client reads in its language; no free-text field at a public table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { browserTestsRun, failureScreenshot, launchChromium } from '../support/browser.js';
import { bootServer, collect, eventually, ready, type TestServer } from '../support/server.js';
import type { ChatLine } from '../../shared/chat/catalogue.js';

let server: TestServer;
let chromium: Awaited<ReturnType<typeof launchChromium>> | null = null;
beforeAll(async () => {
  if (!browserTestsRun) return;
  if (!existsSync('dist/client/index.html')) throw new Error('the client is not built: run `npm run build` (npm test does)');
  server = await bootServer({ QUICKPLAY_FILL_MS: 60_000 });
  chromium = await launchChromium();
});
afterAll(async () => {
  await chromium?.close().catch(() => undefined);
  await server?.stop();
});

function roomIdOf(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const room = (window as unknown as { junction: any }).junction.scene.getScene('table')?.connection?.room; // eslint-disable-line @typescript-eslint/no-explicit-any
    return room?.state?.players?.get(room.sessionId) ? room.roomId as string : null;
  });
}

describe.skipIf(!browserTestsRun)('table chat (Chromium)', () => {
  it('a phrase sent in English is read in French, the page\'s phrase button sends a code, and its Mute button stops that player\'s lines', async () => {
    const page = await chromium!.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.addInitScript(() => localStorage.setItem('junction.lang', 'fr'));
      await page.goto(server.http);
      await page.fill('#name', 'Léa');
      await page.click('[data-testid=game-traffic_memory]');
      await page.fill('#option-players', '2');
      await page.click('[data-testid=quick-play]');
      const roomId = await eventually(() => roomIdOf(page).then((id) => id ?? undefined), 60_000, 'the page is seated');
      const ana = await ready(await server.client().joinById(roomId, { name: 'Ana' }));
      const heard = collect<ChatLine>(ana, 'chat');
      ana.send('chat', { phrase: 'good_luck' });
      await page.locator('[data-testid=chat-lines] li', { hasText: 'Bonne chance !' }).waitFor({ timeout: 30_000 });
      await expect(page.locator('[data-testid=chat-lines]').textContent()).resolves.toContain('Ana');
      expect(await page.locator('[data-testid=chat-input]').isVisible()).toBe(false);

      await page.locator('[data-testid=chat-phrases]').click();
      await page.locator('[data-testid=phrase-well_played]').click();
      const line = await eventually(() => heard.find((l) => l.phrase === 'well_played'), 30_000, 'the page\'s phrase reaches Ana');
      expect(line.name).toMatch(/^Léa#\d{4}$/); // the page's guest identity
      await page.screenshot({ path: 'test-results/chat-fr.png' });
      // Mute Ana from her line: her line goes, and her next one never shows (the page's own line, sent after it, does).
      await page.locator(`[data-testid=chat-mute-${line.seat === 0 ? 1 : 0}]`).first().click();
      await page.locator('[data-testid=chat-lines] li', { hasText: 'Bonne chance !' }).waitFor({ state: 'detached', timeout: 30_000 });
      ana.send('chat', { phrase: 'bye' });
      // Ana has her own line back: the server has handed it to every socket it was going to.
      await eventually(() => heard.find((l) => l.phrase === 'bye'), 30_000, 'Ana\'s line went out');
      await page.locator('[data-testid=phrase-hello]').click();
      await page.locator('[data-testid=chat-lines] li', { hasText: 'Bonjour !' }).waitFor({ timeout: 30_000 });
      expect(await page.locator('[data-testid=chat-lines]').textContent()).not.toContain('Au revoir');
      expect(errors).toEqual([]);
      await ana.leave();
    } catch (error) {
      await failureScreenshot(page, 'chat');
      throw error;
    } finally {
      await page.close();
    }
  });
});

describe.skipIf(!browserTestsRun)('free text at a private table (Chromium)', () => {
  it('the host turns written messages on; the other player\'s words arrive, a link is refused in the host\'s language', async () => {
    const page = await chromium!.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.addInitScript(() => localStorage.setItem('junction.lang', 'fr'));
      await page.goto(server.http);
      await page.fill('#name', 'Léa');
      await page.click('[data-testid=game-traffic_memory]');
      await page.fill('#option-players', '2');
      await page.click('[data-testid=create-private]');
      const roomId = await eventually(() => roomIdOf(page).then((id) => id ?? undefined), 60_000, 'the page hosts a private table');
      const ana = await ready(await server.client().joinById(roomId, { name: 'Ana' }));
      const configs = collect<{ text: boolean }>(ana, 'chat_config');
      expect(await page.locator('[data-testid=chat-input]').isVisible()).toBe(false);
      await page.locator('[data-testid=chat-allow-text]').check();
      await eventually(() => configs.find((c) => c.text), 30_000, 'free text turned on for everyone');
      await page.locator('[data-testid=chat-input]').waitFor({ state: 'visible', timeout: 30_000 });
      ana.send('chat', { text: 'Salut tout le monde' });
      await page.locator('[data-testid=chat-lines] li', { hasText: 'Salut tout le monde' }).waitFor({ timeout: 30_000 });
      await page.fill('[data-testid=chat-input]', 'viens sur www.example.org');
      await page.press('[data-testid=chat-input]', 'Enter');
      await page.getByText('Les liens et les adresses ne peuvent pas être envoyés dans la discussion.').waitFor({ timeout: 30_000 });
      await page.screenshot({ path: 'test-results/chat-free-text-fr.png' });
      expect(errors).toEqual([]);
      await ana.leave();
    } catch (error) {
      await failureScreenshot(page, 'chat-free-text');
      throw error;
    } finally {
      await page.close();
    }
  });
});
