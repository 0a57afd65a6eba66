/**
 * A full single round of Bip! Bip! in real Chromium against two bots: the player claims by
 * choosing a card and pointing at its three cars (mouse), or with the keyboard (1–9, B), and takes
 * the green light by clicking or dragging a car, until the result screen shows the round's end.
 * The bots play on the test's cue (BOTS_ON_CUE, server/rooms/botCue.ts): they take their turn when
 * the player has nothing to do, so a browser slowed by a loaded machine never races them.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserTestsRun, failureScreenshot, useServerAndBrowser } from '../support/browser.js';
import { cueBots } from '../../server/rooms/botCue.js';
import { carCells, findMatch, type Board } from '../../shared/games/bip_bip/board.js';
import { chooseStep } from '../../shared/games/bip_bip/bot.js';
import { Rng } from '../../shared/random.js';
import type { BipPublicView, BipSeatView } from '../../shared/games/bip_bip/views.js';

const env = useServerAndBrowser({ server: { BOTS_ON_CUE: true } });
/** Long enough for the refused-claim checks to run inside the block on a loaded machine (the option's maximum). */
const CLAIM_BLOCK_SECONDS = 30;

interface Seen { pub: BipPublicView; mine: BipSeatView; now: number }

/** What this page's client decoded: the public view and my seat view. */
async function seen(page: Page): Promise<Seen | null> {
  const raw = await page.evaluate(() => {
    const scene = (window as unknown as { junction: any }).junction.scene.getScene('table');
    const room = scene?.connection?.room;
    const views = room?.state.phase === 'playing' ? scene.connection.views() : null;
    if (!views?.seatView) return null;
    return { pub: views.publicView, mine: views.seatView, now: scene.connection.clock.serverNow(Date.now()) as number };
  });
  return raw && { pub: raw.pub, mine: raw.mine, now: raw.now };
}

/** The page position of the table object tagged with this data key and value (a board cell or a card). */
async function pointOf(page: Page, key: 'cell' | 'card', value: number): Promise<{ x: number; y: number } | null> {
  return page.evaluate(([key, value]) => {
    const game = (window as unknown as { junction: any }).junction;
    const scene = game.scene.getScene('table');
    const all = (list: any[]): any[] => list.flatMap((o) => [o, ...(o.list ? all(o.list) : [])]);
    const target = all(scene.children.list).find((o) => o.getData?.(key) === value);
    if (!target) return null;
    const b = target.getBounds();
    const canvas = game.canvas.getBoundingClientRect();
    return { x: canvas.left + b.centerX, y: canvas.top + b.centerY };
  }, [key, value] as const);
}

async function click(page: Page, key: 'cell' | 'card', value: number): Promise<boolean> {
  const p = await pointOf(page, key, value);
  if (p) await page.mouse.click(p.x, p.y);
  return p !== null;
}

describe.skipIf(!browserTestsRun)('Bip! Bip! in the browser', () => {
  it('a full single round against two bots, claiming with mouse and keyboard and moving by click and drag', async () => {
    const page = await env.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(env.server.http);
    await page.fill('#name', 'Pat');
    await page.click('[data-testid=game-bip_bip]');
    await page.click('[data-testid=variant-single]');
    await page.fill('#option-players', '3');
    await page.press('#option-players', 'Tab'); // the seat count is committed (the per-seat options follow it)
    await page.fill('#option-claimBlockMs', String(CLAIM_BLOCK_SECONDS));
    await page.click('[data-testid=create-private]');
    await expect.poll(() => page.evaluate(() => JSON.parse((window as unknown as { junction: any }).junction.scene.getScene('table')?.connection?.room?.state.options.get('claimBlockMs') ?? 'null')),
      { timeout: 30_000 }).toBe(CLAIM_BLOCK_SECONDS * 1000);
    for (let i = 0; i < 2; i++) await page.click('[data-testid=add-bot]', { timeout: 30_000 });
    await page.getByText('3 of 3 seats taken.').waitFor({ timeout: 30_000 });
    await page.click('[data-testid=start]');
    await refusedClaimRollsBack(page);

    const rng = new Rng(7);
    const did = { mouseClaims: 0, keyClaims: 0, missedClaims: 0, clickMoves: 0, dragMoves: 0, botCues: 0 };
    /** Moves the server applied for me, by how they were made. */
    const applied = { click: 0, drag: 0 };
    /** What became of each move I made: applied, beaten by another seat's move, or no new board seen. */
    const tried = { click: { applied: 0, beaten: 0, unseen: 0 }, drag: { applied: 0, beaten: 0, unseen: 0 } };
    let lastVersion = -1;
    // Generous for a loaded machine: the round is paced by the browser alone.
    const until = Date.now() + 420_000;
    while (Date.now() < until && !(await resultShown(page))) {
      const s = await seen(page);
      if (!s || s.pub.phase !== 'play') { await page.waitForTimeout(200); continue; }
      const { pub, mine } = s;
      const board = pub.board as Board;
      const blocked = s.now < mine.blockedUntil;
      // A move of each kind comes first whenever the light is not mine, so both go through before the round ends.
      const wantMove = (applied.click < 1 || applied.drag < 1) && pub.light !== mine.seat;
      const found = !blocked && !wantMove ? mine.hand.find((c) => findMatch(board, c.id)) : undefined;
      if (found) {
        const index = mine.hand.indexOf(found);
        let how: 'keyClaims' | 'mouseClaims' | null = null;
        await tweensDone(page); // a card or car still sliding would take the click meant for another
        if (index < 9 && did.keyClaims < did.mouseClaims) {
          await page.keyboard.press(String(index + 1));
          await page.keyboard.press('b');
          how = 'keyClaims';
        } else if (await click(page, 'card', found.id)) {
          for (const cell of carCells(findMatch(board, found.id)!)) await click(page, 'cell', cell);
          how = 'mouseClaims';
        }
        // Nothing else changes the board meanwhile: a claim that does not go through is a click that missed.
        if (how && await settled(page, (n) => !n.mine.hand.some((c) => c.id === found.id))) did[how]++;
        else if (how) {
          did.missedClaims++;
          await page.keyboard.press('Escape'); // put the card back and try again
        }
      } else if (pub.light !== mine.seat && s.now >= pub.frozenUntil && pub.boardVersion !== lastVersion) {
        const before = pub.lastMove ? moveBack(board, pub.lastMove.from, pub.lastMove.to) : null;
        const step = chooseStep(board, before, mine.hand.map((c) => c.id), 'hard', rng);
        await tweensDone(page);
        const [from, to] = step ? await Promise.all([pointOf(page, 'cell', step.from), pointOf(page, 'cell', step.to)]) : [null, null];
        if (from && to) {
          lastVersion = pub.boardVersion;
          const how = applied.drag < applied.click ? 'drag' : 'click';
          if (how === 'drag') {
            await page.mouse.move(from.x, from.y);
            await page.mouse.down();
            await page.mouse.move(to.x, to.y, { steps: 5 });
            await page.mouse.up();
            did.dragMoves++;
          } else {
            await page.mouse.click(from.x, from.y);
            await page.mouse.click(to.x, to.y);
            did.clickMoves++;
          }
          tried[how][await movedBy(page, lastVersion, mine.seat, step!)]++;
          applied[how] = tried[how].applied;
        } else await page.waitForTimeout(200);
      } else if (s.now >= pub.frozenUntil && !(blocked && applied.click > 0 && applied.drag > 0)) {
        // Nothing for me to do (I hold the light, or no move of mine is open on this board): the bots take
        // their turn, each deciding on the table as it is now. While my claims are blocked they wait with me.
        await botsTakeTheirTurn(page, s);
        did.botCues++;
      } else await page.waitForTimeout(200);
    }
    if (!(await resultShown(page))) {
      const screenshot = await failureScreenshot(page, 'bip-bip-stuck');
      throw new Error(`no result screen: ${JSON.stringify(did)} ${JSON.stringify(await seen(page))} (screenshot: ${screenshot})`);
    }
    await expect(page.locator('#result').textContent()).resolves.toMatch(/Pat|Bot/);
    const end = await page.evaluate(() => {
      const connection = (window as unknown as { junction: any }).junction.scene.getScene('table').connection;
      return { table: connection.views().publicView, seat: connection.room.state.players.get(connection.room.sessionId).seat };
    });
    const me = (end.table as BipPublicView).players[end.seat];
    console.log(`Bip! Bip! round: ${JSON.stringify(did)}, my moves ${JSON.stringify(tried)}`);
    // The player's claims went through, by mouse and by keyboard (counted when the server applied them).
    expect(did.mouseClaims, JSON.stringify(did)).toBeGreaterThan(0);
    expect(did.keyClaims, JSON.stringify(did)).toBeGreaterThan(0);
    expect(me.claimed.length, JSON.stringify(did)).toBeGreaterThanOrEqual(did.mouseClaims + did.keyClaims);
    // No bot moves between my move and its answer, so each move of mine went through, by click and by drag.
    expect(applied.click, JSON.stringify(tried)).toBeGreaterThan(0);
    expect(applied.drag, JSON.stringify(tried)).toBeGreaterThan(0);
    expect(tried.click.beaten + tried.drag.beaten, JSON.stringify(tried)).toBe(0);
    expect((end.table as BipPublicView).roundWinners).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 600_000);
});

const resultShown = (page: Page) => page.locator('#result').isVisible().catch(() => false);

/** Lets the held bots act once, then waits until the table shows it (a move, a claim) or the round is over. */
async function botsTakeTheirTurn(page: Page, before: Seen): Promise<void> {
  const claims = (s: Seen) => s.pub.players.reduce((n, p) => n + p.claimed.length, 0);
  if (cueBots() === 0) {
    await page.waitForTimeout(200); // no bot has a decision pending yet: the room plans after each patch
    return;
  }
  await settled(page, (s) => s.pub.boardVersion !== before.pub.boardVersion || claims(s) !== claims(before));
}

/**
 * Waits (up to 30 s, for a loaded machine) until the table reaches the state `ok` describes or the
 * round is over; false when it never does (the caller then looks again).
 */
async function settled(page: Page, ok: (s: Seen) => boolean): Promise<boolean> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const s = await seen(page);
    if ((s && ok(s)) || (await resultShown(page))) return true;
    await page.waitForTimeout(50);
  }
  return false;
}

/** Until the table's pieces stop sliding (pacing only: after 10 s the caller goes on regardless). */
async function tweensDone(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { junction: any }).junction.scene.getScene('table').tweens.getTweens().length === 0, undefined, { timeout: 10_000 })
    .catch(() => undefined);
}

/** The tap targets on screen now (client/ui/tapTargets.ts). */
const targetIds = (page: Page) => page.evaluate(() => (window as unknown as { junctionTargets: () => { id: string }[] }).junctionTargets().map((t) => t.id));

/**
 * A wrong Bip! (a card the board does not show) costs a penalty card and blocks claims. The wrong
 * claim's card comes back playable (never left dimmed as "Bip!…"), and while the block lasts Bip!
 * is not offered: no tap target, and the B key sends nothing.
 */
async function refusedClaimRollsBack(page: Page): Promise<void> {
  const start = await waitFor(page, (s) => s.pub.phase === 'play' && s.now >= s.pub.startsAt);
  const board = start.pub.board as Board;
  const misses = start.mine.hand.slice(0, 9).map((c, i) => ({ c, i })).filter(({ c }) => !findMatch(board, c.id));
  expect(misses.length).toBeGreaterThan(1);
  const [wrong, next] = misses;
  await page.evaluate(() => {
    const w = window as unknown as { junction: any; refusals: unknown[]; sent: unknown[] };
    w.refusals = [];
    w.sent = [];
    const room = w.junction.scene.getScene('table').connection.room;
    room.onMessage('error', (m: unknown) => w.refusals.push(m));
    const send = room.send.bind(room);
    room.send = (type: string, message: unknown) => { if (type === 'action') w.sent.push(message); return send(type, message); };
  });
  await page.keyboard.press(String(wrong.i + 1));
  await page.keyboard.press('b');
  const blocked = await waitFor(page, (s) => s.now < s.mine.blockedUntil && s.mine.hand.length === start.mine.hand.length + 1);
  const sentBefore = await page.evaluate(() => (window as unknown as { sent: unknown[] }).sent.length);
  expect(sentBefore).toBeGreaterThan(0); // the wrong claim itself
  await expect.poll(() => targetIds(page), { timeout: 30_000 }).not.toContain('cancel'); // the claim put its card down
  await page.keyboard.press(String(next.i + 1));
  // The card is chosen once Cancel is offered; the same drawing decides whether Bip! is.
  await expect.poll(() => targetIds(page), { timeout: 30_000 }).toContain('cancel');
  const offered = await targetIds(page);
  const clock = await page.evaluate(() => {
    const c = (window as unknown as { junction: any }).junction.scene.getScene('table').connection;
    return { serverNow: c.clock.serverNow(Date.now()), blockOption: JSON.parse(c.room.state.options.get('claimBlockMs') ?? 'null'), blockedUntil: c.views().seatView?.blockedUntil };
  });
  expect(offered, JSON.stringify(clock)).not.toContain('bip');
  await page.keyboard.press('b');
  // Keys are handled in order: once Escape has put the card back, B has been handled too. The
  // first-game tip is usually still up here (a fresh profile): Esc closes it and puts the card back.
  await page.keyboard.press('Escape');
  await expect.poll(() => targetIds(page), { timeout: 30_000 }).not.toContain('cancel');
  expect(await page.evaluate(() => (window as unknown as { sent: unknown[] }).sent.length)).toBe(sentBefore);
  // The checks above ran inside the block (else they would prove nothing).
  const after = await seen(page);
  expect(after!.now).toBeLessThan(blocked.mine.blockedUntil);
  expect(await page.evaluate(() => (window as unknown as { refusals: unknown[] }).refusals)).toEqual([]);
  const face = (id: number) => page.evaluate((id) => {
    const scene = (window as unknown as { junction: any }).junction.scene.getScene('table');
    const all = (list: any[]): any[] => list.flatMap((o) => [o, ...(o.list ? all(o.list) : [])]);
    const card = all(scene.children.list).find((o) => o.getData?.('card') === id);
    return card ? { pending: card.parentContainer.list.some((o: any) => o.text === 'Bip!…') as boolean } : null;
  }, id);
  expect(await face(wrong.c.id)).toEqual({ pending: false });
  expect(await face(next.c.id)).toEqual({ pending: false });
}

/** Waits (up to 60 s, for a loaded machine) until the table is in the state `ok` describes. */
async function waitFor(page: Page, ok: (s: Seen) => boolean): Promise<Seen> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const s = await seen(page);
    if (s && ok(s)) return s;
    await page.waitForTimeout(50);
  }
  throw new Error(`the table never reached the expected state: ${JSON.stringify(await seen(page))}`);
}

/**
 * Whether the next board after `version` is my move, or another seat's (bots act only on the cue,
 * so that would be a bug). Waits up to 30 s: a loaded CI machine can take seconds to carry a move
 * there and back; 'unseen' when the server refused it (the loop then lets the bots play).
 */
async function movedBy(page: Page, version: number, seat: number, step: { from: number; to: number }): Promise<'applied' | 'beaten' | 'unseen'> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const s = await seen(page);
    if (s && s.pub.boardVersion > version) {
      const m = s.pub.lastMove;
      const mine = s.pub.boardVersion === version + 1 && m?.seat === seat && m.from === step.from && m.to === step.to;
      return mine ? 'applied' : 'beaten';
    }
    await page.waitForTimeout(50);
  }
  return 'unseen';
}

function moveBack(board: Board, from: number, to: number): Board {
  const b = board.slice();
  [b[from], b[to]] = [b[to], b[from]];
  return b;
}
