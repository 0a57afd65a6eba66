/**
 * Your turn in the lobby (issue 25), in Chromium: a turn-based Rush Hour table of two guest
 * identities sleeps in the store with both to pick; the lobby of one of them lists it first as
 * turn-based with "your turn" and the time left, the page title carries the count, the player turns
 * the turn alerts on (permission granted to the context), and Resume wakes the table and seats them.
 */
import { describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import { browserTestsRun, failureScreenshot, useServerAndBrowser } from '../support/browser.js';
import { eventually, ready } from '../support/server.js';

interface Guest { token: string; identity: { id: string; display: string } }

const env = useServerAndBrowser({ server: { TURN_SLEEP_AFTER_MS: 300, RECONNECT_SECONDS: 1 } });

async function guest(): Promise<Guest> {
  return (await (await fetch(`${env.server.http}/api/identity`, { method: 'POST' })).json()) as Guest;
}

describe.skipIf(!browserTestsRun)('your turn in the lobby', () => {
  it('lists the sleeping turn-based game first with your turn, counts it in the title, and Resume wakes it', async () => {
    const [ana, ben] = await Promise.all([guest(), guest()]);
    const host = await ready(await env.server.client().create(('rush_hour'), { private: true, pace: 'turn', moveClock: '12h', players: 2, token: ben.token }));
    const anaRoom = await ready(await env.server.client().joinById(host.roomId, { token: ana.token }));
    await eventually(() => host.state.players.size === 2, 30_000, 'both seated');
    host.send('start', {});
    await eventually(() => host.state.phase === 'playing', 30_000, 'playing');
    await Promise.all([host.leave(false), anaRoom.leave(false)]);
    await eventually(async () => (await env.server.junction.store.getGameSession(host.roomId))?.sleeping === true, 60_000, 'asleep');

    const context = env.browser;
    await context.grantPermissions(['notifications'], { origin: env.server.http });
    await context.addInitScript((token) => localStorage.setItem('junction.identity', token), ana.token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(env.server.http);
      const resume = page.locator(`[data-testid=resume-${host.roomId}]`);
      await resume.waitFor({ timeout: 60_000 });
      await eventually(async () => /^\(1\) /.test(await page.title()), 30_000, 'the count in the title');
      const line = await page.locator('.jn-your-turn').first().textContent();
      expect(line).toContain('Turn-based');
      expect(line).toContain('your turn');
      expect(line).toMatch(/\d+ hours? left/);

      await page.locator('[data-testid=turn-alerts]').click();
      await eventually(async () => (await page.evaluate(() => localStorage.getItem('junction.turnAlerts'))) === 'on', 30_000, 'alerts on');
      await expect(page.locator('[data-testid=turn-alerts]').textContent()).resolves.toBe('Stop telling me');

      await resume.click();
      await eventually(() => matchMaker.getLocalRoomById(host.roomId) !== undefined, 60_000, 'woken by Resume');
      await eventually(async () => (await env.server.junction.store.getGameSession(host.roomId))?.sleeping === false, 30_000, 'awake in the store');
      expect(errors).toEqual([]);
    } catch (error) {
      console.error('screenshot:', await failureScreenshot(page, 'turnbased'));
      throw error;
    } finally {
      await page.close();
    }
  }, 240_000);
});
