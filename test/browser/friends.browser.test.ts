/**
 * Friends in real Chromium (issue 29), in English and in French, by keyboard only: the page follows
 * a player from their profile, that player (a colyseus.js client) invites the page to a private
 * table, the invitation shows in the page's lobby and Enter on "Sit down" seats the page there.
 * Screenshots of the lobby and the profile at desktop and phone sizes go to test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { Room } from 'colyseus.js';
import { browserTestsRun, failureScreenshot, launchChromium } from '../support/browser.js';
import { bootServer, eventually, ready, type TestServer } from '../support/server.js';

interface Guest { token: string; identity: { id: string; display: string } }

let server: TestServer;
let chromium: Awaited<ReturnType<typeof launchChromium>> | null = null;
const rooms: Room[] = [];
beforeAll(async () => {
  if (!browserTestsRun) return;
  if (!existsSync('dist/client/index.html')) throw new Error('the client is not built: run `npm run build` (npm test does)');
  server = await bootServer();
  chromium = await launchChromium();
  mkdirSync('test-results', { recursive: true });
});
afterAll(async () => {
  await Promise.all(rooms.filter((r) => r.connection.isOpen).map((r) => r.leave().catch(() => undefined)));
  await chromium?.close().catch(() => undefined);
  await server?.stop();
});

async function guest(): Promise<Guest> {
  const res = await fetch(`${server.http}/api/identity`, { method: 'POST' });
  return await res.json() as Guest;
}

async function friendsApi(who: Guest, method: string, path: string, body?: unknown): Promise<number> {
  const res = await fetch(`${server.http}/api/friends${path}`, {
    method, headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.status;
}

function roomIdOf(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const room = (window as unknown as { junction: any }).junction.scene.getScene('table')?.connection?.room; // eslint-disable-line @typescript-eslint/no-explicit-any
    return room?.state?.players?.get(room.sessionId) ? room.roomId as string : null;
  });
}

/** Focus by keyboard-reachable control and press Enter, as a keyboard user would. */
async function press(page: Page, selector: string): Promise<void> {
  const target = page.locator(selector);
  await target.waitFor({ timeout: 30_000 });
  await target.focus();
  await page.keyboard.press('Enter');
}

const TEXT = {
  en: { following: 'You follow', invites: 'Invitations', inviteLine: 'invites you to a Traffic Memory table', online: 'at a private Traffic Memory table' },
  fr: { following: 'Vous suivez', invites: 'Invitations', inviteLine: 'vous invite à une table de Traffic Memory', online: 'à une table privée de Traffic Memory' },
} as const;

describe.skipIf(!browserTestsRun)('friends (Chromium)', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`${lang}: follow from a profile, see the friend online, take their invitation from the lobby by keyboard`, async () => {
      const page = await chromium!.browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      try {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.addInitScript((l) => localStorage.setItem('junction.lang', l), lang);
        const bo = await guest();
        await page.goto(`${server.http}/#/profile/${bo.identity.id}`);
        await page.locator('#profile-name', { hasText: bo.identity.display }).waitFor({ timeout: 30_000 });
        await press(page, '[data-testid=follow]');
        await page.locator('#friend-note', { hasText: `${TEXT[lang].following} ${bo.identity.display}` }).waitFor({ timeout: 30_000 });
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('unfollow');
        await page.screenshot({ path: `test-results/friends-profile-${lang}-desktop.png` });
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: `test-results/friends-profile-${lang}-phone.png` });
        await page.setViewportSize({ width: 1280, height: 800 });

        const token = await page.evaluate(() => localStorage.getItem('junction.identity'));
        const me = await (await fetch(`${server.http}/api/identity/me`, { headers: { authorization: `Bearer ${token}` } })).json() as { identity: Guest['identity'] };
        // Bo sits at his private table (online there) and invites the page, whom he follows.
        expect(await friendsApi(bo, 'POST', '/follows', { id: me.identity.id })).toBe(201);
        const table = await ready(await server.client().create('traffic_memory', { token: bo.token, private: true, players: 2 }));
        rooms.push(table);

        await press(page, '[data-testid=to-lobby]');
        await page.locator(`[data-friend="${bo.identity.id}"]`).waitFor({ timeout: 30_000 });
        expect(await friendsApi(bo, 'POST', '/invites', { to: me.identity.id, roomId: table.roomId })).toBe(201);
        const invite = page.locator('#invites', { hasText: `${bo.identity.display} ${TEXT[lang].inviteLine}` });
        await invite.waitFor({ timeout: 30_000 });
        await page.locator(`[data-friend="${bo.identity.id}"]`, { hasText: TEXT[lang].online }).waitFor({ timeout: 30_000 });
        // The lobby scrolls inside its own screen: the invitation at its top, then the friends section.
        for (const [size, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
          await page.setViewportSize(viewport);
          await page.locator('#invites').scrollIntoViewIfNeeded();
          await page.screenshot({ path: `test-results/friends-invite-${lang}-${size}.png` });
          await page.locator('#friends').scrollIntoViewIfNeeded();
          await page.screenshot({ path: `test-results/friends-lobby-${lang}-${size}.png` });
        }

        await press(page, '#invites [data-testid^=sit-]');
        await eventually(() => roomIdOf(page).then((id) => id === table.roomId || undefined), 60_000, 'the page sits at Bo\'s table');
        // From the table's players panel too (following again changes nothing, and says so).
        await press(page, '[data-testid^=follow-seat-]');
        await page.getByText(`${TEXT[lang].following} ${bo.identity.display}`).first().waitFor({ timeout: 30_000 });
        await page.screenshot({ path: `test-results/friends-table-${lang}-phone.png` });
        await eventually(async () => {
          const res = await fetch(`${server.http}/api/friends/invites`, { headers: { authorization: `Bearer ${token}` } });
          return ((await res.json()) as { invites: unknown[] }).invites.length === 0;
        }, 30_000, 'the invitation taken is gone');
        expect(errors).toEqual([]);
      } catch (error) {
        console.error('screenshot:', await failureScreenshot(page, `friends-${lang}`));
        throw error;
      } finally {
        await page.close();
      }
    });
  }
});
