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

/**
 * Where the host's switch is: whole inside the window, on top (a tap there reaches it), with the
 * page not scrolled; null when it is in reach.
 */
function switchOutOfReach(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('[data-testid=chat-allow-text]');
    const label = input?.closest('label');
    if (!input || !label || !label.checkVisibility()) return 'not shown';
    if (window.scrollY !== 0 || document.scrollingElement!.scrollTop !== 0) return 'the page is scrolled';
    const r = label.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > window.innerWidth) return `at ${JSON.stringify(r)} in a ${window.innerWidth}×${window.innerHeight} window`;
    const hit = document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + r.height / 2);
    if (!hit || !label.contains(hit)) return `covered by ${hit?.outerHTML.slice(0, 80) ?? 'nothing'}`;
    if (r.height < 44) return `only ${r.height} px tall`;
    return null;
  });
}

describe.skipIf(!browserTestsRun)('the host\'s free-text switch on a phone (Chromium)', () => {
  it('is in the first screen at 390×844 and 844×390, waiting and playing, and a tap turns free text on', async () => {
    const page = await chromium!.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.addInitScript(() => localStorage.setItem('junction.lang', 'fr'));
      await page.goto(server.http);
      await page.fill('#name', 'Léa');
      await page.click('[data-testid=game-traffic_memory]');
      await page.fill('#option-players', '2');
      await page.click('[data-testid=create-private]');
      await page.locator('[data-testid=start]').waitFor({ timeout: 30_000 });
      const where: string[] = [];
      const check = async (when: string) => {
        for (const size of [{ width: 390, height: 844 }, { width: 844, height: 390 }]) {
          await page.setViewportSize(size);
          // The frame lays out again after a resize: wait for the switch to settle where it goes.
          let problem: string | null = 'not measured';
          for (const until = Date.now() + 15_000; problem && Date.now() < until;) {
            problem = await switchOutOfReach(page);
            if (problem) await page.waitForTimeout(250);
          }
          // CHAT_SHOTS=<dir> keeps screenshots of the switch, to be looked at.
          if (process.env.CHAT_SHOTS) await page.screenshot({ path: `${process.env.CHAT_SHOTS}/chat-switch-${when}-${size.width}x${size.height}.png` });
          if (problem) where.push(`${when} ${size.width}×${size.height}: ${problem}`);
        }
      };
      await check('waiting');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.click('[data-testid=start]');
      await page.waitForFunction(() => (window as unknown as { junction: any }).junction.scene.getScene('table')?.connection?.room?.state?.phase === 'playing', undefined, { timeout: 30_000 }); // eslint-disable-line @typescript-eslint/no-explicit-any
      await check('playing');
      expect(where).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator('[data-testid=chat-allow-text]').click();
      await page.locator('[data-testid=chat-input]').waitFor({ state: 'visible', timeout: 30_000 });
      expect(errors).toEqual([]);
    } catch (error) {
      await failureScreenshot(page, 'chat-switch');
      throw error;
    } finally {
      await page.close();
    }
  }, 120_000);
});
