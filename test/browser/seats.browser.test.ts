/**
 * A seat belongs to its player for the life of the game, in real Chromium at phone size (issue
 * 23): seated at a running table, the page goes away for longer than the reconnection window and
 * the seat is handed to a bot; meanwhile the lobby of another page of the same browser (same
 * identity) lists the table under Your games; Resume takes the seat back (one tap) and the bot
 * stops playing it; a third page taking the seat over leaves the second one saying so, not fighting back. Screenshots of Your games (EN and FR, phone and desktop) go to test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { matchMaker } from '@colyseus/core';
import type { Page } from 'playwright-core';
import { browserTestsRun, failureScreenshot, launchChromium } from '../support/browser.js';
import { bootServer, eventually, type TestServer } from '../support/server.js';
import type { Seating } from '../../server/rooms/seating.js';

const GRACE_MS = 300;
let server: TestServer;
let chromium: Awaited<ReturnType<typeof launchChromium>> | null = null;
beforeAll(async () => {
  if (!browserTestsRun) return;
  if (!existsSync('dist/client/index.html')) throw new Error('the client is not built: run `npm run build` (npm test does)');
  server = await bootServer({ RECONNECT_SECONDS: 1, ABSENT_GRACE_MS: GRACE_MS, QUICKPLAY_FILL_MS: 1500 });
  chromium = await launchChromium({ hasTouch: true });
});
afterAll(async () => {
  await chromium?.close().catch(() => undefined);
  await server?.stop();
});

type Table = { roomId: string; sessionId: string; seat: number; connected: boolean; bot: boolean; phase: string };
function tableOf(page: Page): Promise<Table | null> {
  return page.evaluate(() => {
    const room = (window as unknown as { junction: any }).junction.scene.getScene('table')?.connection?.room; // eslint-disable-line @typescript-eslint/no-explicit-any
    const me = room?.state?.players?.get(room.sessionId);
    return me ? { roomId: room.roomId, sessionId: room.sessionId, seat: me.seat, connected: me.connected, bot: me.bot, phase: room.state.phase } : null;
  });
}

const roomOf = (id: string) => matchMaker.getLocalRoomById(id) as unknown as { seating: Seating; reservedSeats: Record<string, unknown> } | undefined;

describe.skipIf(!browserTestsRun)('your seat waits for you (phone-sized Chromium)', () => {
  it('away past the window, the table is under Your games in another page, and Resume takes the seat back from the bot', async () => {
    const context = chromium!.browser;
    const first = await context.newPage();
    await first.setViewportSize({ width: 390, height: 844 });
    const errors: string[] = [];
    first.on('pageerror', (e) => errors.push(e.message));
    await first.goto(server.http);
    await first.fill('#name', 'Ana');
    await first.click('[data-testid=game-traffic_memory]');
    await first.fill('#option-players', '2');
    await first.click('[data-testid=quick-play]');
    const seated = await eventually(async () => { const t = await tableOf(first); return t?.phase === 'playing' ? t : undefined; }, 60_000, 'a running table (a bot fills the other seat)');
    const identityId = await first.evaluate(() => localStorage.getItem('junction.identity')!.split('.')[0]);

    await first.close(); // the page goes away: no Leave
    // Past the 1 s window (no reconnection held any more) and the grace: a bot plays the seat, which is still Ana's.
    await eventually(() => {
      const room = roomOf(seated.roomId);
      const held = room?.seating.seatOfIdentity(identityId);
      return room && held && !held.player.connected && Object.keys(room.reservedSeats).length === 0
        && room.seating.botSeats(Date.now(), GRACE_MS).seats.has(seated.seat);
    }, 60_000, 'the seat away past the window, played by a bot');

    const second = await context.newPage();
    second.on('pageerror', (e) => errors.push(e.message));
    await second.setViewportSize({ width: 390, height: 844 });
    await second.goto(server.http);
    const resume = second.locator(`[data-testid=resume-${seated.roomId}]`);
    try {
      await resume.waitFor({ timeout: 30_000 });
    } catch (error) {
      await failureScreenshot(second, 'seats-your-games');
      throw error;
    }
    await expect(second.locator('#your-games h2').textContent()).resolves.toBe('Your games');
    await second.screenshot({ path: 'test-results/seats-your-games-en-390.png' });
    await second.click('[data-testid=lang-fr]').catch(() => undefined);
    await second.locator('#your-games h2', { hasText: 'Vos parties' }).waitFor({ timeout: 10_000 });
    await second.screenshot({ path: 'test-results/seats-your-games-fr-390.png' });
    await second.setViewportSize({ width: 1280, height: 860 });
    await second.screenshot({ path: 'test-results/seats-your-games-fr-desktop.png' });
    await second.click('[data-testid=lang-en]').catch(() => undefined);
    await second.setViewportSize({ width: 390, height: 844 });

    await second.locator(`[data-testid=resume-${seated.roomId}]`).click();
    const back = await eventually(async () => { const t = await tableOf(second); return t?.connected ? t : undefined; }, 30_000, 'back at the table');
    expect(back).toMatchObject({ roomId: seated.roomId, seat: seated.seat, bot: false, phase: 'playing' });
    expect(back.sessionId).not.toBe(seated.sessionId);
    // The bot stopped: the seat is no longer among those a bot plays.
    const room = roomOf(seated.roomId)!;
    expect(room.seating.botSeats(Date.now(), GRACE_MS).seats.has(seated.seat)).toBe(false);
    expect(room.seating.seatOfIdentity(identityId)?.key).toBe(back.sessionId);
    await second.screenshot({ path: 'test-results/seats-back-at-table-390.png' });

    // A third page of the same browser resumes too: it takes the seat over; the second page says so and lets it go.
    const third = await context.newPage();
    third.on('pageerror', (e) => errors.push(e.message));
    await third.setViewportSize({ width: 390, height: 844 });
    await third.goto(server.http);
    await third.locator(`[data-testid=resume-${seated.roomId}]`).click();
    const taken = await eventually(async () => { const t = await tableOf(third); return t?.connected ? t : undefined; }, 30_000, 'the third page at the table');
    await second.getByText('Your seat moved to another tab or device.', { exact: false }).first().waitFor({ timeout: 30_000 });
    await second.screenshot({ path: 'test-results/seats-taken-over-390.png' });
    expect(await second.evaluate(() => sessionStorage.getItem('junction.table'))).toBeNull(); // nothing left to reconnect with
    expect(room.seating.seatOfIdentity(identityId)?.key).toBe(taken.sessionId);
    expect(taken.seat).toBe(seated.seat);
    expect(errors).toEqual([]);
    await Promise.all([second.close(), third.close()]);
  }, 180_000);
});
