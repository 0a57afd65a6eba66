/**
 * Players who come back, in real Chromium (issue 18): two browsers (two guest identities) take a
 * quick-play Rush Hour table; they leave once it runs and bots finish it. The first browser opens
 * its profile and sees the new rating and the game, opens the replay and steps through it to the
 * end; the shared /replay/<id> link opens it in the other browser; a device link moves the first
 * identity to a third browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { browserTestsRun, launchChromium } from '../support/browser.js';
import { bootServer, eventually, type TestServer } from '../support/server.js';

let server: TestServer;
const browsers: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  if (!browserTestsRun) return;
  if (!existsSync('dist/client/index.html')) throw new Error('the client is not built: run `npm run build` (npm test does)');
  // A player who leaves is replaced by a bot at once, so the bots finish the game.
  server = await bootServer({ RECONNECT_SECONDS: 0, ABSENT_GRACE_MS: 0 });
});
afterAll(async () => {
  for (const b of browsers) await b.close().catch(() => undefined);
  await server?.stop();
});

async function browser(): Promise<BrowserContext> {
  const launched = await launchChromium();
  browsers.push(launched);
  return launched.browser;
}

function tablePhase(page: Page): Promise<string | null> {
  return page.evaluate(() => (window as unknown as { junction: any }).junction.scene.getScene('table')?.connection?.room?.state?.phase ?? null);
}

async function quickPlay(page: Page, name: string): Promise<void> {
  await page.goto(server.http);
  await page.fill('#name', name);
  await page.click('[data-testid=game-rush_hour]');
  await page.fill('#option-players', '2');
  await page.click('[data-testid=quick-play]');
}

describe.skipIf(!browserTestsRun)('profiles, ratings and replays in the browser', () => {
  it('a finished game shows on the profile with a rating, and its replay steps to the end', async () => {
    const [ana, bo] = [await browser(), await browser()];
    const a = await ana.newPage();
    const b = await bo.newPage();
    const pageErrors: string[] = [];
    for (const p of [a, b]) p.on('pageerror', (e) => pageErrors.push(e.message));

    await quickPlay(a, 'Ana');
    await eventually(async () => (await tablePhase(a)) === 'waiting', 30_000, 'Ana seated');
    await quickPlay(b, 'Bo');
    await eventually(async () => (await tablePhase(a)) === 'playing' && (await tablePhase(b)) === 'playing', 30_000, 'the table starts when full');
    const roomId = await a.evaluate(() => (window as unknown as { junction: any }).junction.scene.getScene('table').connection.room.roomId as string);
    const anaId = await a.evaluate(() => localStorage.getItem('junction.identity')!.split('.')[0]);
    await a.close();
    await b.close();
    await eventually(async () => (await fetch(`${server.http}/api/games/${roomId}`)).status === 200, 200_000, 'the bots finish the game');

    // The profile: the new rating and the game, which opens its replay.
    const profile = await ana.newPage();
    profile.on('pageerror', (e) => pageErrors.push(e.message));
    await profile.goto(server.http);
    await profile.click('[data-testid=profile]');
    await expect(profile.locator('#profile-name').textContent({ timeout: 30_000 })).resolves.toMatch(/^Ana#\d{4}$/);
    await expect(profile.locator('#games-played').textContent()).resolves.toBe('1 game played');
    await expect(profile.locator('.jn-rating[data-key=rush_hour]').textContent()).resolves.toMatch(/Rush Hour: 1[3-7]\d\d\? · #[12] · 1 game/);
    // One rated game: a number near 1500, marked provisional, and a note saying what "?" means.
    await expect(profile.getByText('“?”: provisional, until 5 rated games').count()).resolves.toBe(1);
    await profile.locator(`.jn-game[data-game-id="${roomId}"]`).waitFor();
    await profile.click(`[data-testid="replay-${roomId}"]`);

    const position = profile.locator('#replay-position');
    await expect(position.textContent({ timeout: 30_000 })).resolves.toMatch(/^1 \/ \d+/);
    const total = Number(/^1 \/ (\d+)/.exec((await position.textContent())!)![1]);
    expect(total).toBeGreaterThan(3);
    await profile.click('[data-testid=replay-step]');
    await expect(position.getAttribute('data-index')).resolves.toBe('1');
    // The game's own renderer drew the frame on the canvas.
    await expect(profile.evaluate(() => (window as unknown as { junction: any }).junction.scene.getScene('replay').layer.list.length)).resolves.toBeGreaterThan(0);
    await profile.click('[data-testid=replay-step]');
    await profile.click('[data-testid=replay-back-step]');
    await expect(position.getAttribute('data-index')).resolves.toBe('1');
    // Scrub to the middle, then play at 8× to the end.
    await profile.locator('#replay-scrub').fill(String(Math.floor(total / 2)));
    await expect(position.getAttribute('data-index')).resolves.toBe(String(Math.floor(total / 2)));
    await profile.click('[data-testid=replay-last]');
    await expect(position.getAttribute('data-index')).resolves.toBe(String(total - 1));
    await expect(profile.locator('#replay-event').textContent()).resolves.toMatch(/wins|win|tie|points/i);
    await profile.click('[data-testid=replay-first]');
    await profile.selectOption('#replay-speed', '8');
    await profile.click('[data-testid=replay-play]');
    await eventually(async () => Number(await position.getAttribute('data-index')) > 2, 30_000, 'playing moves forward');
    const link = await profile.locator('#replay-link').inputValue();
    expect(link).toBe(`${server.http}/replay/${roomId}`);

    // The shared link opens the same replay for somebody else.
    const other = await bo.newPage();
    await other.goto(link);
    await expect(other.locator('#replay-position').textContent({ timeout: 30_000 })).resolves.toBe(`1 / ${total} · 0:00`);

    // The leaderboard: both players, and Ana's own rank.
    const board = await ana.newPage();
    await board.goto(`${server.http}/#/leaderboards/rush_hour`);
    await expect(board.locator('#board').textContent({ timeout: 30_000 })).resolves.toMatch(/1\. (Ana|Bo)#\d{4}.*2\. (Ana|Bo)#\d{4}/);
    await expect(board.locator('#my-rank').textContent()).resolves.toMatch(/^You: #[12] · 1[3-7]\d\d\?$/);

    // The device link moves Ana to a third browser, once.
    const home = await ana.newPage();
    await home.goto(`${server.http}/#/profile/${anaId}`);
    await home.click('[data-testid=device-link-button]');
    const deviceLink = await home.locator('#device-link-url').inputValue({ timeout: 30_000 });
    const third = await (await browser()).newPage();
    await third.goto(deviceLink);
    await expect(third.locator('#profile-name').textContent({ timeout: 30_000 })).resolves.toMatch(/^Ana#\d{4}$/);
    await expect(third.evaluate(() => localStorage.getItem('junction.identity')!.split('.')[0])).resolves.toBe(anaId);
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
