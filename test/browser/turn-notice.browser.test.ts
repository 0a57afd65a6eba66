/**
 * "Your turn" while Junction is open in the background (issue 25), in real Chromium, two players
 * with their own profiles: a turn-based Rush Hour table of Ana and Ben, Ben has picked and waits.
 * Ben's lobby (page B, in-page notices switched on, notification permission granted to his browser)
 * goes to the background. Ana opens the table from her lobby (page A) and plays
 * through the text view until her move makes it Ben's turn: page B shows a notification "Your turn
 * in Rush Hour with Ana…", its title carries the count ("(1) Junction"), and the notification's click
 * opens Ben's table. Every wait is for a state (the lobby reads Your games every 30 s).
 *
 * What the test stands in for, and why: headless Chromium has no desktop, so (1) every page reports
 * itself visible (another tab brought to the front, or its window minimized through DevTools'
 * Browser.setWindowBounds, leave `document.visibilityState` 'visible': tried), and page B's
 * `visibilityState` and `hidden` are set by the test (with the `visibilitychange` event the browser
 * sends, which Phaser's loop also follows); (2) there is no notification centre to click in, so the
 * test keeps a reference to each Notification the page makes (Chromium's own object, made by the
 * page's code) and dispatches its `click`, then shows the tab again as a browser does.
 */
import { describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import type { Page } from 'playwright-core';
import { browserTestsRun, failureScreenshot, useServerAndBrowser } from '../support/browser.js';
import { eventually, ready, secretOf } from '../support/server.js';
import { BACKGROUND_PAGE, clickNote, notesOf, sendToBackground } from '../support/backgroundPage.js';
import type { RushHourSeatView } from '../../shared/games/rush_hour/views.js';

interface Guest { token: string; identity: { id: string; display: string } }
interface Synced { phase: string; active: number[]; players: Map<string, { seat: number }> }

const env = useServerAndBrowser({ server: { TURN_SLEEP_AFTER_MS: 300, RECONNECT_SECONDS: 1 } });

async function guest(): Promise<Guest> {
  return (await (await fetch(`${env.server.http}/api/identity`, { method: 'POST' })).json()) as Guest;
}

/** The move the text view offers Ana now (a row to answer, else a card while she has not picked), or null. */
async function anasMove(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const scene = (window as unknown as { junction: any }).junction.scene.getScene('table'); // eslint-disable-line @typescript-eslint/no-explicit-any
    const v = scene?.connection?.room?.state?.phase === 'playing' ? scene.connection.views() : null;
    const mine = v?.seatView as { canChoose: number[]; pick: unknown } | undefined;
    const ids = Array.from(document.querySelectorAll<HTMLButtonElement>('[data-testid=text-moves] button')).map((b) => b.dataset.target ?? '');
    if (!mine) return null;
    if (mine.canChoose.length) return ids.find((id) => id.startsWith('row-')) ?? null;
    return mine.pick === null ? ids.find((id) => id.startsWith('card-')) ?? null : null;
  });
}

describe.skipIf(!browserTestsRun)('your turn in a background tab', () => {
  it('notifies page B when A\'s move makes it B\'s turn, counts it in the title, and the click opens B\'s table', async () => {
    const [ana, ben] = await Promise.all([guest(), guest()]);
    // The table: Ben has picked his card, Ana has not; both have closed their pages.
    const benRoom = await ready(await env.server.client().create<Synced>('rush_hour', { private: true, pace: 'turn', moveClock: '12h', players: 2, token: ben.token }));
    const anaRoom = await ready(await env.server.client().joinById<Synced>(benRoom.roomId, { token: ana.token }));
    const id = benRoom.roomId;
    await eventually(() => benRoom.state.players.size === 2, 30_000, 'both seated');
    benRoom.send('start', {});
    const bens = await eventually(() => { const v = secretOf<RushHourSeatView>(benRoom); return benRoom.state.phase === 'playing' && v && v.hand.length > 0 ? v : undefined; }, 30_000, 'Ben\'s hand');
    benRoom.send('action', { id: 1, a: { type: 'pick', card: bens.hand[0]!.id } });
    await eventually(() => !benRoom.state.active.includes(bens.seat), 30_000, 'Ben picked');
    await Promise.all([benRoom.leave(false), anaRoom.leave(false)]);
    const benTurn = () => (matchMaker.getLocalRoomById(id)?.state as Synced | undefined)?.active.includes(bens.seat) === true;

    // Page B: Ben's lobby, in-page notices on, then in the background.
    await env.browser.grantPermissions(['notifications'], { origin: env.server.http });
    await env.browser.addInitScript((token) => localStorage.setItem('junction.identity', token), ben.token);
    await env.browser.addInitScript({ content: BACKGROUND_PAGE });
    const pageB = await env.browser.newPage();
    const anaBrowser = await env.otherPlayer();
    await anaBrowser.addInitScript((token) => { localStorage.setItem('junction.identity', token); localStorage.setItem('junction.textView', '1'); }, ana.token);
    const pageA = await anaBrowser.newPage();
    const errors: string[] = [];
    for (const page of [pageA, pageB]) page.on('pageerror', (e) => errors.push(e.message));
    try {
      await pageB.goto(env.server.http);
      await pageB.locator(`[data-testid=resume-${id}]`).waitFor({ timeout: 60_000 });
      expect(await pageB.title()).toMatch(/^Junction/);
      await pageB.getByTestId('alerts-in-page').check();
      await eventually(() => pageB.evaluate(() => localStorage.getItem('junction.turnAlerts') === 'on'), 30_000, 'in-page notices on');
      await sendToBackground(pageB, true);
      expect(await pageB.evaluate(() => document.visibilityState)).toBe('hidden');
      expect(await notesOf(pageB)).toEqual([]);

      // Page A: Ana resumes the table from her lobby and plays in the text view until it is Ben's turn.
      await pageA.goto(env.server.http);
      await pageA.locator(`[data-testid=resume-${id}]`).click({ timeout: 60_000 });
      await pageA.locator('[data-testid=text-moves]').waitFor({ timeout: 60_000 });
      await eventually(async () => {
        if (benTurn()) return true;
        const move = await anasMove(pageA);
        if (move) {
          await pageA.locator(`[data-testid=text-moves] button[data-target="${move}"]`).click();
          await eventually(async () => benTurn() || (await anasMove(pageA)) !== move, 30_000, 'Ana\'s move taken');
        }
        return false;
      }, 120_000, 'Ben\'s turn after Ana\'s move');

      // Page B, still in the background: the notification, and the count in the title.
      const shown = await eventually(async () => { const n = await notesOf(pageB); return n.length > 0 ? n : undefined; }, 120_000, 'the notification on page B');
      expect(shown).toEqual([{ title: `Your turn in Rush Hour with ${ana.identity.display}`, tag: `turn-${id}` }]);
      await eventually(async () => /^\(1\) Junction/.test(await pageB.title()), 30_000, 'the count in page B\'s title');
      expect(await pageB.evaluate(() => document.visibilityState)).toBe('hidden');

      // Its click opens Ben's table (the seat retaken by id). A click on a notification also shows its
      // tab (the browser's part, which a headless browser has no desktop for): B comes to the front.
      await clickNote(pageB, 0);
      await eventually(() => pageB.evaluate((tableId) => {
        const room = (window as unknown as { junction: any }).junction.scene.getScene('table')?.connection?.room; // eslint-disable-line @typescript-eslint/no-explicit-any
        return room?.roomId === tableId && room.state?.players?.get(room.sessionId)?.connected === true;
      }, id), 60_000, 'Ben at his table');
      expect(errors).toEqual([]);
    } catch (error) {
      console.error('screenshots:', await failureScreenshot(pageB, 'turn-notice-b').catch(() => '?'), await failureScreenshot(pageA, 'turn-notice-a').catch(() => '?'));
      throw error;
    } finally {
      await Promise.all([pageA.close(), pageB.close()]);
    }
  }, 420_000);
});
