/**
 * Rush Hour, Bip! Bip! and Traffic Tango played from the lobby gallery to the result screen and its
 * Rematch (a new table of the same game, the player seated) on a phone (390 × 844, touch only):
 * every move is a tap (or, for a Bip! Bip! car, a touch drag) on one of the targets the table registers (`window.junctionTargets()`), which must all be at least 44 px and must all be
 * moves the server accepts. Each table is also photographed at 390 × 844, 844 × 390 and
 * 1280 × 800 into a temporary folder (kept in JUNCTION_SHOTS_DIR when that is set, for a person to look at).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserTestsRun, failureScreenshot, useServerAndBrowser } from '../support/browser.js';
import { findMatch, type Board } from '../../shared/games/bip_bip/board.js';
import { chooseStep } from '../../shared/games/bip_bip/bot.js';
import { Rng } from '../../shared/random.js';
import type { BipPublicView, BipSeatView } from '../../shared/games/bip_bip/views.js';
import type { RushHourPublicView, RushHourSeatView } from '../../shared/games/rush_hour/views.js';
import type { TrafficTangoPublicView, TrafficTangoSeatView } from '../../shared/games/traffic_tango/views.js';

const env = useServerAndBrowser({ hasTouch: true });
const shots = mkdtempSync(join(tmpdir(), 'junction-touch-b-'));
afterAll(() => {
  if (process.env.JUNCTION_SHOTS_DIR) cpSync(shots, process.env.JUNCTION_SHOTS_DIR, { recursive: true });
  rmSync(shots, { recursive: true, force: true });
});

interface Target { id: string; x: number; y: number; width: number; height: number }
interface Seen<P, S> { pub: P; mine: S; now: number }

async function targets(page: Page): Promise<Target[]> {
  return page.evaluate(() => (window as unknown as { junctionTargets: () => Target[] }).junctionTargets());
}

async function seen<P, S>(page: Page): Promise<Seen<P, S> | null> {
  return page.evaluate(() => {
    const scene = (window as unknown as { junction: any }).junction.scene.getScene('table');
    const room = scene?.connection?.room;
    const views = room?.state?.phase === 'playing' ? scene.connection.views() : null;
    if (!views?.seatView) return null;
    return { pub: views.publicView, mine: views.seatView, now: scene.connection.clock.serverNow(Date.now()) as number };
  });
}

/** The targets once they stand still (a card leaving the hand slides the others along). */
async function settledTargets(page: Page): Promise<Target[]> {
  let before = await targets(page);
  for (let i = 0; i < 25; i++) {
    await page.waitForTimeout(80);
    const now = await targets(page);
    if (JSON.stringify(now) === JSON.stringify(before)) return now;
    before = now;
  }
  return before;
}

/** Waits (a few seconds at most) until the target `id` is offered, or with `present` false, until it is not. */
async function waitForTarget(page: Page, id: string, present = true): Promise<Target | undefined> {
  for (let i = 0; i < 30; i++) {
    const t = (await targets(page)).find((x) => x.id === id);
    if (present ? t : !t) return t;
    await page.waitForTimeout(100);
  }
  return undefined;
}

async function tap(page: Page, t: Target): Promise<void> {
  await page.touchscreen.tap(t.x + t.width / 2, t.y + t.height / 2);
}

/** A finger pressed on one target, moved and lifted on another (Chromium touch events through CDP). */
async function drag(cdp: CDPSession, from: Target, to: Target): Promise<void> {
  const a = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const b = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [a] });
  for (let i = 1; i <= 5; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: a.x + ((b.x - a.x) * i) / 5, y: a.y + ((b.y - a.y) * i) / 5 }] });
    await new Promise((r) => setTimeout(r, 30));
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function openTable(page: Page, game: string, variant: string, players: number): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(env.server.http);
  await page.fill('#name', 'Tess');
  await page.tap(`[data-testid=game-${game}]`);
  await page.tap(`[data-testid=variant-${variant}]`);
  // Traffic Tango seats exactly four: the lobby shows its seat count but does not let it change.
  const seats = page.locator('[data-testid=option-players]');
  if (await seats.isEnabled()) await seats.fill(String(players));
  else expect(await seats.inputValue()).toBe(String(players));
  await page.tap('[data-testid=create-private]');
  await page.tap('[data-testid=start]', { timeout: 30_000 });
  await page.waitForFunction(() => {
    const scene = (window as unknown as { junction: any }).junction.scene.getScene('table');
    return scene?.connection?.room?.state?.phase === 'playing';
  }, undefined, { timeout: 30_000 });
  // Every refusal the server sends this page, to check that nothing offered was refused.
  await page.evaluate(() => {
    const w = window as unknown as { junction: any; refusals: { code: string }[] };
    w.refusals = [];
    w.junction.scene.getScene('table').connection.room.onMessage('error', (m: { code: string }) => w.refusals.push(m));
  });
  return errors;
}

async function photograph(page: Page, game: string): Promise<void> {
  for (const [w, h] of [[390, 844], [844, 390], [1280, 800]] as const) {
    await page.setViewportSize({ width: w, height: h });
    // Pieces slide to their new places (slowly on a loaded machine) before the picture.
    await page.waitForTimeout(2000);
    await page.screenshot({ path: join(shots, `${game}-${w}x${h}.png`) });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
}

async function finished(page: Page): Promise<boolean> {
  return page.locator('#result').isVisible().catch(() => false);
}

/** Tap targets are finger-sized. */
function checkSizes(list: Target[]): void {
  for (const t of list) {
    expect.soft(t.width, `${t.id} width`).toBeGreaterThanOrEqual(43.5);
    expect.soft(t.height, `${t.id} height`).toBeGreaterThanOrEqual(43.5);
  }
}

async function finish(page: Page, game: string, errors: string[], allowed: string[] = []): Promise<void> {
  if (!(await finished(page))) {
    const shot = await failureScreenshot(page, `touch-${game}-stuck`);
    throw new Error(`${game}: no result screen (screenshot: ${shot})`);
  }
  const refusals = await page.evaluate(() => (window as unknown as { refusals: { code: string }[] }).refusals);
  expect(refusals.filter((r) => !allowed.includes(r.code))).toEqual([]);
  await rematch(page, game);
  expect(errors).toEqual([]);
  await page.close();
}

/** Rematch from the result screen seats the player at a new table of the same game. */
async function rematch(page: Page, game: string): Promise<void> {
  const old = await page.evaluate(() => (window as unknown as { junction: any }).junction.scene.getScene('table').connection.room.roomId as string);
  await page.tap('[data-testid=rematch]');
  await page.waitForFunction((old) => {
    const room = (window as unknown as { junction: any }).junction.scene.getScene('table')?.connection?.room;
    return !!room && room.roomId !== old && !!room.state?.game && room.state.players?.get(room.sessionId) !== undefined;
  }, old, { timeout: 30_000 });
  const table = await page.evaluate(() => {
    const room = (window as unknown as { junction: any }).junction.scene.getScene('table').connection.room;
    return { game: room.state.game as string, seat: room.state.players.get(room.sessionId).seat as number, phase: room.state.phase as string };
  });
  expect(table.game).toBe(game);
  expect(table.seat).toBeGreaterThanOrEqual(0);
  expect(['waiting', 'playing']).toContain(table.phase);
  await expect(page.locator('#result').isVisible()).resolves.toBe(false);
}

describe.skipIf(!browserTestsRun)('phone tables by touch (390 × 844)', () => {
  it('Rush Hour (kids, 2 players) from the lobby to the result', async () => {
    const page = await env.browser.newPage();
    const errors = await openTable(page, 'rush_hour', 'kids', 2);
    let photographed = false;
    let pickedTurn = '';
    const until = Date.now() + 150_000;
    while (Date.now() < until && !(await finished(page))) {
      const s = await seen<RushHourPublicView, RushHourSeatView>(page);
      const list = await targets(page);
      checkSizes(list);
      if (s && !photographed && s.pub.turn >= 2 && s.pub.players.some((p) => p.pile.length > 0 || s.pub.turn >= 3)) {
        photographed = true;
        await photograph(page, 'rush_hour');
        continue;
      }
      const row = list.find((t) => t.id.startsWith('row-'));
      const turn = s ? `${s.pub.deal}-${s.pub.turn}` : '';
      const cards = list.filter((t) => t.id.startsWith('card-'));
      if (row && s?.mine.canChoose.length) {
        await tap(page, row);
        await page.waitForTimeout(400);
      } else if (s && s.mine.pick === null && cards.length > 0 && pickedTurn !== turn) {
        pickedTurn = turn;
        await tap(page, cards[Math.floor(Math.random() * cards.length)]);
        await page.waitForTimeout(300);
      } else await page.waitForTimeout(250);
    }
    if (!photographed) await photograph(page, 'rush_hour');
    await finish(page, 'rush_hour', errors);
  }, 200_000);

  it('Bip! Bip! (single round, 2 players) by taps and touch drags', async () => {
    const page = await env.browser.newPage();
    const errors = await openTable(page, 'bip_bip', 'single', 2);
    const cdp = await page.context().newCDPSession(page);
    const rng = new Rng(11);
    let photographed = false;
    const did = { claims: 0, taps: 0, drags: 0 };
    // The board a move was last tried on, and when: a try that did not go through is tried again.
    let lastVersion = -1;
    let triedAt = 0;
    // A round against a bot lasts a few minutes on a loaded machine.
    const until = Date.now() + 300_000;
    while (Date.now() < until && !(await finished(page))) {
      const s = await seen<BipPublicView, BipSeatView>(page);
      if (!s || s.pub.phase !== 'play') { await page.waitForTimeout(200); continue; }
      const list = await settledTargets(page);
      checkSizes(list);
      const byId = new Map(list.map((t) => [t.id, t]));
      if (!photographed && did.taps + did.drags >= 2) {
        photographed = true;
        await photograph(page, 'bip_bip');
        continue;
      }
      // A card still chosen or a car still picked from an earlier try (a lost race): put it back first.
      const cancel = byId.get('cancel');
      if (cancel) {
        await tap(page, cancel);
        await waitForTarget(page, 'cancel', false);
        continue;
      }
      const board = s.pub.board as Board;
      const found = s.now >= s.mine.blockedUntil ? s.mine.hand.find((c) => findMatch(board, c.id)) : undefined;
      if (found && byId.has(`card-${found.id}`)) {
        await tap(page, byId.get(`card-${found.id}`)!);
        const bip = await waitForTarget(page, 'bip');
        // The bot moves too: claim only if the board still shows the card (else the next turn puts it back).
        const again = await seen<BipPublicView, BipSeatView>(page);
        if (bip && again && findMatch(again.pub.board as Board, found.id)) { await tap(page, bip); did.claims++; }
      } else if (s.pub.boardVersion !== lastVersion || Date.now() - triedAt > 4000) {
        const before = s.pub.lastMove ? moveBack(board, s.pub.lastMove.from, s.pub.lastMove.to) : null;
        const step = chooseStep(board, before, s.mine.hand.map((c) => c.id), 'hard', rng);
        const from = step ? byId.get(`car-${step.from}`) : undefined;
        if (step && from) {
          lastVersion = s.pub.boardVersion;
          triedAt = Date.now();
          if (did.drags < did.taps) {
            const to = list.find((t) => t.id === `car-${step.to}`) ?? (await cellBox(page, step.to));
            if (to) { await drag(cdp, from, to); did.drags++; }
          } else {
            await tap(page, from);
            const to = await waitForTarget(page, `to-${step.to}`);
            if (to) { await tap(page, to); did.taps++; }
          }
        }
      }
      await page.waitForTimeout(250);
    }
    if (!photographed) await photograph(page, 'bip_bip');
    expect(did.taps).toBeGreaterThan(0);
    expect(did.drags).toBeGreaterThan(0);
    // The bot races for the light and claims too: a move that loses the race is refused as stale or
    // frozen, a claim made on a board the bot changed just before as stale_claim (no penalty).
    await finish(page, 'bip_bip', errors, ['stale', 'stale_board', 'frozen', 'stale_claim']);
  }, 360_000);

  it('Traffic Tango (4 seats, bots) from the lobby to the result', async () => {
    const page = await env.browser.newPage();
    const errors = await openTable(page, 'traffic_tango', 'classic', 4);
    let photographed = false;
    let placedOnDay = 0;
    const until = Date.now() + 200_000;
    while (Date.now() < until && !(await finished(page))) {
      const s = await seen<TrafficTangoPublicView, TrafficTangoSeatView>(page);
      const list = await targets(page);
      checkSizes(list);
      const find = (prefix: string) => list.filter((t) => t.id.startsWith(prefix));
      if (!s) { await page.waitForTimeout(250); continue; }
      if (!photographed && s.pub.deliveries.length >= 1) {
        photographed = true;
        await page.waitForTimeout(1500);
        await photograph(page, 'traffic_tango');
        continue;
      }
      const { pub, mine } = s;
      let pick: Target | undefined;
      if (pub.phase === 'choose') pick = find('eliminate-')[0];
      else if (pub.traffic !== null && mine.signs === null) {
        const tiles = find('sign-');
        if (placedOnDay !== pub.day && tiles.length) { pick = tiles[Math.floor(Math.random() * tiles.length)]; placedOnDay = pub.day; }
        else pick = find('send-signs')[0] ?? find('mode-signs')[0];
      } else if (pub.delivery !== null && mine.route === null) {
        pick = find('mode-route')[0] ?? find('route-cheapest')[0] ?? find('send-route')[0];
      }
      if (pick) { await tap(page, pick); await page.waitForTimeout(300); } else await page.waitForTimeout(300);
    }
    if (!photographed) await photograph(page, 'traffic_tango');
    await finish(page, 'traffic_tango', errors);
  }, 260_000);
});

function moveBack(board: Board, from: number, to: number): Board {
  const b = board.slice();
  [b[from], b[to]] = [b[to], b[from]];
  return b;
}

/** The screen box of a board intersection (its hit area carries data 'cell'), tappable or not. */
async function cellBox(page: Page, cell: number): Promise<Target | null> {
  return page.evaluate((cell) => {
    const scene = (window as unknown as { junction: any }).junction.scene.getScene('table');
    const all = (list: any[]): any[] => list.flatMap((o) => [o, ...(o.list ? all(o.list) : [])]);
    const hit = all(scene.children.list).find((o) => o.getData?.('cell') === cell);
    if (!hit) return null;
    const b = hit.getBounds();
    return { id: `cell-${cell}`, x: b.x, y: b.y, width: b.width, height: b.height };
  }, cell);
}
