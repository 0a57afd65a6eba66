/**
 * Railway Madness, Took Over!, Traffic-Memory and Car Exchange on a phone, by touch only: a private
 * table from the lobby, then tap (page.touchscreen) one of the targets the table offers —
 * `window.junctionTargets()`, which holds only what the rules allow now — until the result shows.
 * No page error, and the server refuses nothing the client offered (a lost race for the same card
 * is not an offer the client could have known was stale). Then Rematch on the result screen seats
 * the player at a new table of the same game (issue 16: from the lobby gallery to Rematch). Screenshots of each table at phone
 * portrait, phone landscape and desktop go to a temporary folder that is removed afterwards
 * (JUNCTION_SHOTS=<dir> keeps them there instead, to look at).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserTestsRun, failureScreenshot, useServerAndBrowser } from '../support/browser.js';

const env = useServerAndBrowser({ hasTouch: true });
const keep = process.env.JUNCTION_SHOTS;
const shots = keep ? (mkdirSync(keep, { recursive: true }), keep) : mkdtempSync(join(tmpdir(), 'junction-touch-a-'));
afterAll(() => { if (!keep) rmSync(shots, { recursive: true, force: true }); });

interface Target { id: string; x: number; y: number; width: number; height: number }

interface Game {
  id: string;
  variant?: string;
  /** Options that make the game short (sent by the host before the start). */
  options: Record<string, unknown>;
  /** Ids tried first, in this order of prefixes. */
  prefer: string[];
  /**
   * Refusal codes that mean "the server moved on while the tap was in flight" (a rival took the
   * card; the take-over window closed as the active player placed or the clock passed the turn;
   * the turn came to this player while its take-over tap was in flight: active_cannot_take),
   * not "the client offered a move its state did not allow".
   */
  races: string[];
}

const GAMES: Game[] = [
  { id: 'traffic_memory', options: { range: '1-12', revealMs: 600, flipMs: 20_000 }, prefer: ['card-'], races: [] },
  { id: 'railway_madness', variant: 'juniors', options: { timeLimitMs: 120_000 }, prefer: ['slot-', 'take', 'stop'], races: ['gone'] },
  { id: 'took_over', options: { paceMs: 600, idleMs: 4_000 }, prefer: ['takeover', 'hand-', 'pass'], races: ['nothing_to_take', 'does_not_fit', 'not_taker', 'active_cannot_take'] },
  { id: 'car_exchange', options: { targetScore: 1, rounds: 1, roundPauseMs: 0, newCarWindowMs: 500, exchangeWindowMs: 500, turnMs: 20_000 }, prefer: ['card-', 'option-', 'accept', 'keep', 'draw'], races: ['new_car_window', 'exchange_window'] },
];

async function targets(page: Page): Promise<Target[]> {
  const list = await page.evaluate(() => (window as unknown as { junctionTargets(): Target[] }).junctionTargets());
  const view = page.viewportSize()!;
  return list.filter((t) => t.width > 0 && t.height > 0 && t.x + t.width / 2 >= 0 && t.y + t.height / 2 >= 0
    && t.x + t.width / 2 <= view.width && t.y + t.height / 2 <= view.height);
}

/** The table this page sits at: room, game, variant and my seat. */
async function tableSeat(page: Page): Promise<{ roomId: string; game: string; variant: string; seat: number | null }> {
  return page.evaluate(() => {
    const scene = (window as unknown as { junction: any }).junction.scene.getScene('table');
    const room = scene.connection.room;
    const me = room.state.players.get(scene.connection.sessionId);
    return { roomId: room.roomId as string, game: room.state.game as string, variant: room.state.variant as string, seat: me ? me.seat as number : null };
  });
}

function choose(list: Target[], prefer: string[], turn: number): Target | undefined {
  for (const p of prefer) {
    const hits = list.filter((t) => t.id.startsWith(p));
    if (hits.length) return hits[turn % hits.length];
  }
  return list[turn % Math.max(1, list.length)];
}

async function screenshots(page: Page, game: string): Promise<void> {
  for (const [w, h] of [[390, 844], [844, 390], [1280, 800]]) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(700);
    await page.screenshot({ path: join(shots, `${game}-${w}x${h}.png`) });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(500);
}

describe.skipIf(!browserTestsRun)('four tables by touch on a phone, then Rematch', () => {
  it.each(GAMES)('$id: a full game at 390×844 by taps only, then Rematch', async (game) => {
    const page = await env.browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(env.server.http);
      await page.fill('#name', 'Thumb');
      await page.tap(`[data-testid=game-${game.id}]`);
      if (game.variant) await page.tap(`[data-testid=variant-${game.variant}]`);
      await page.tap('[data-testid=create-private]');
      await page.locator('[data-testid=start]').waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
        console.log('no table', game.id, await page.locator('.jn-error').textContent().catch(() => '?'), await failureScreenshot(page, `touch-${game.id}`));
        throw e;
      });
      await page.evaluate((options) => {
        const w = window as unknown as { junction: any; refused: { code: string }[]; offered: string[] };
        const room = w.junction.scene.getScene('table').connection.room;
        w.refused = [];
        room.onMessage('error', (m: { code: string }) => w.refused.push(m));
        room.send('configure', { options });
      }, game.options);
      await page.waitForTimeout(300);
      await page.tap('[data-testid=start]');

      let taps = 0;
      let shot = false;
      // Random legal taps against bots: a game's length varies, and a loaded machine slows every step.
      const deadline = Date.now() + 720_000;
      while (Date.now() < deadline) {
        if (await page.locator('#result').isVisible().catch(() => false)) break;
        const list = await targets(page);
        const pick = choose(list, game.prefer, taps);
        if (!pick) { await page.waitForTimeout(150); continue; }
        // Every target a finger is offered is big enough for it.
        expect(Math.min(pick.width, pick.height), pick.id).toBeGreaterThanOrEqual(43.5);
        await page.touchscreen.tap(pick.x + pick.width / 2, pick.y + pick.height / 2);
        taps++;
        await page.waitForTimeout(250);
        if (!shot && taps === 6) { shot = true; await screenshots(page, game.id); }
      }
      await page.locator('#result').waitFor({ state: 'visible', timeout: 30_000 }).catch(async (e: unknown) => {
        console.log('stuck', game.id, await failureScreenshot(page, `touch-${game.id}`));
        throw e;
      });
      if (!shot) await screenshots(page, game.id);
      const refused = await page.evaluate(() => (window as unknown as { refused: { code: string }[] }).refused);
      expect(refused.filter((r) => !game.races.includes(r.code))).toEqual([]);
      expect(taps).toBeGreaterThan(0);

      // Issue 16: from the result, Rematch seats the player at a new table of the same game.
      const before = await tableSeat(page);
      expect(before.game).toBe(game.id);
      await page.tap('[data-testid=rematch]');
      await page.waitForFunction((old) => {
        const scene = (window as unknown as { junction: any }).junction.scene.getScene('table');
        const room = scene?.connection?.room;
        return !!room?.state?.game && room.roomId !== old && room.state.players.get(scene.connection.sessionId) !== undefined;
      }, before.roomId, { timeout: 30_000 }).catch(async (e: unknown) => {
        console.log('no rematch table', game.id, await failureScreenshot(page, `touch-rematch-${game.id}`));
        throw e;
      });
      const after = await tableSeat(page);
      expect(after.game).toBe(game.id);
      expect(after.variant).toBe(before.variant);
      expect(after.roomId).not.toBe(before.roomId);
      expect(after.seat).toBe(before.seat);
      expect(await page.locator('#result').isVisible()).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 840_000);
});
