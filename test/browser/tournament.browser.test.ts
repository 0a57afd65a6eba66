/**
 * The Tournaments screen in Chromium: an organiser creates a tournament, registers and checks in
 * on the page; a second player registers over HTTP; the organiser starts it and the page learns
 * "your table is ready" from its own pushed stream (no polling), joins, and the table plays.
 */
import { describe, expect, it } from 'vitest';
import { Client } from 'colyseus.js';
import { browserTestsRun, useServerAndBrowser } from '../support/browser.js';
import { eventually, ready } from '../support/server.js';
import { ok } from '../support/tournamentApi.js';

const env = useServerAndBrowser();

/** A tournament API call that must succeed (test/support/tournamentApi.ts). */
async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  return await ok(env.server, method, path, body, token) as T;
}

describe.skipIf(!browserTestsRun)('Tournaments in the browser', () => {
  it('create, register, check in, start: the table arrives on the player\'s stream and Join seats them', async () => {
    const page = await env.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const polls: string[] = [];
    page.on('request', (r) => { const path = new URL(r.url()).pathname; if (/\/me$/.test(path) && !path.startsWith('/api/identity/')) polls.push(r.url()); });
    await page.goto(env.server.http);
    await page.click('[data-testid=tournaments]');
    await page.getByLabel('Tournament name').fill('Browser night');
    await page.getByLabel('Game', { exact: true }).selectOption('railway_madness');
    await page.getByLabel('Variant').selectOption('juniors');
    await page.getByLabel('Table size').fill('2');
    await page.getByLabel('Rounds').fill('1');
    await page.getByLabel('Check-in time at the table (seconds)').fill('30');
    await page.click('[data-testid=tournament-create]');

    await page.getByLabel('Your name').fill('Ana');
    await page.click('[data-testid=tournament-register]');
    await page.click('[data-testid=tournament-check-in]', { timeout: 30_000 });
    await page.getByText('Checked in: wait for your table.').waitFor({ timeout: 30_000 });

    const [summary] = (await api<{ id: string; name: string; checkInGraceSeconds: number }[]>('GET', '/')).filter((t) => t.name === 'Browser night');
    expect(summary.checkInGraceSeconds).toBe(30);
    const bo = await api<{ token: string; seatId: string }>('POST', `/${summary.id}/register`, { name: 'Bo' });
    await api('POST', `/${summary.id}/check-in`, {}, bo.token);

    await page.click('[data-testid=tournament-start]');
    await page.getByText(/Your table 1 is ready/).waitFor({ timeout: 30_000 });
    const view = await api<{ rounds: { tables: { roomId: string }[] }[] }>('GET', `/${summary.id}`);
    const roomId = view.rounds[0].tables[0].roomId;
    const boRoom = await ready(await new Client(env.server.url).joinById(roomId, { name: 'Bo', playerId: bo.seatId }));

    await page.click('[data-testid=tournament-join]');
    const seated = await page.waitForFunction(() => {
      const room = (window as unknown as { junction: any }).junction.scene.getScene('table')?.connection?.room;
      return room?.state?.phase === 'playing' ? { roomId: room.roomId as string, players: room.state.players.size as number } : false;
    }, undefined, { timeout: 30_000 });
    expect(await seated.jsonValue()).toEqual({ roomId, players: 2 });
    await eventually(() => boRoom.state.players.size === 2, 30_000, 'both players at the table');
    expect(polls).toEqual([]);
    expect(errors).toEqual([]);
    await boRoom.leave(true);
    await page.close();
  }, 90_000);
});
