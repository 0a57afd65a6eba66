/**
 * Issue 30's text view of the table (client/table/textView), played in real Chromium against a real
 * server: one full game of each of the seven games, every move made with the keyboard alone — Tab
 * until the text view's button for the chosen move has focus, then Enter — from the link at the top
 * of the table that turns the text view on, to the result screen. Two games are played in French.
 * The bots play on the test's cue (BOTS_ON_CUE, server/rooms/botCue.ts): they act when the test
 * lets them, between its own moves, so a slow browser never races them. Each table's text view also
 * passes axe-core (no serious or critical violation), and its live log and summary say something.
 * The short options are those of the touch tests (touch-a, touch-b); the two long real-time matches
 * use their games' options for a short match (Bip! Bip! `handSize`, Traffic Tango `deliveries`,
 * with no day clock). At the end the result screen has replaced the table and its headline has the
 * focus (a screen reader reads it first).
 *
 * Mid-game, at 1280 × 800 and 390 × 844, the text view sits beside or under the game area: its box
 * meets neither the stage nor any tap target (pictures in JUNCTION_SHOTS_DIR when set). Traffic
 * Tango's sign kinds are toggle buttons: the chosen one is pressed (aria-pressed) and keeps the
 * focus, and the status region says the choice; the tile buttons name that sign, and the draft of
 * the day is listed and said.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserTestsRun, failureScreenshot, useServerAndBrowser } from '../support/browser.js';
import { seriousViolations } from '../support/axe.js';
import { openTable, type TableSpec } from '../support/openTable.js';
import { cueBots } from '../../server/rooms/botCue.js';
import { findMatch, type Board } from '../../shared/games/bip_bip/board.js';
import { chooseStep } from '../../shared/games/bip_bip/bot.js';
import { Rng } from '../../shared/random.js';

const env = useServerAndBrowser({ server: { BOTS_ON_CUE: true } });
const shots = mkdtempSync(join(tmpdir(), 'junction-text-view-'));
afterAll(() => {
  if (process.env.JUNCTION_SHOTS_DIR) cpSync(shots, process.env.JUNCTION_SHOTS_DIR, { recursive: true });
  rmSync(shots, { recursive: true, force: true });
});

type Views = { pub: any; mine: any } | null; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Game extends TableSpec {
  /**
   * A real-time game where I always have a move: the bots act after each of my moves, except while
   * this says a move of several steps is under way (a card chosen, then Bip!: the board must not
   * change in between).
   */
  hold?: (ids: string[]) => boolean;
  /** The move to make among those offered (button targets), or null to let the bots play. */
  choose(ids: string[], v: Views, turn: number): string | null;
  /** Refusals that mean the table moved on while a move was in flight (a bot won the race), not a wrong offer. */
  races: string[];
  /** Checks what the text view says after my move `id` was pressed. */
  after?: (page: Page, id: string) => Promise<void>;
}

const byPrefix = (ids: string[], prefixes: string[], turn: number): string | null => {
  for (const p of prefixes) {
    const hits = ids.filter((id) => id.startsWith(p));
    if (hits.length) return hits[turn % hits.length];
  }
  return null;
};

const bipRng = new Rng(5);
let tangoPlaced = -1;
let tangoKind = -1;

const GAMES: Game[] = [
  { id: 'traffic_memory', variant: 'classic', players: 2, lang: 'fr', options: { range: '1-12', revealMs: 600, flipMs: 60_000 }, races: [],
    choose: (ids, _v, turn) => byPrefix(ids, ['card-'], turn) },
  // active_cannot_take: a bot with no card that fits passes on the pace clock (600 ms, no cue needed), so
  // the turn can come to me while Tab is still reaching "take over" on a loaded machine (CI, both tries).
  { id: 'took_over', variant: 'classic', players: 2, lang: 'fr', options: { paceMs: 600, idleMs: 30_000 }, races: ['nothing_to_take', 'does_not_fit', 'not_taker', 'active_cannot_take'],
    choose: (ids, _v, turn) => byPrefix(ids, ['takeover', 'hand-', 'pass'], turn) },
  { id: 'railway_madness', variant: 'juniors', players: 2, lang: 'en', options: { timeLimitMs: 120_000 }, races: ['gone'],
    choose: (ids, _v, turn) => byPrefix(ids, ['take', 'release', 'slot-', 'stop'], turn) },
  { id: 'car_exchange', variant: 'classic', players: 2, lang: 'en', races: ['new_car_window', 'exchange_window'],
    options: { targetScore: 1, rounds: 1, roundPauseMs: 0, newCarWindowMs: 500, exchangeWindowMs: 500, turnMs: 60_000 },
    // A Garage parks as soon as it holds a car (choosing cars again and again only toggles them).
    choose: (ids, _v, turn) => byPrefix(ids, ['option-park', 'card-', 'option-', 'accept', 'keep', 'draw'], turn) },
  { id: 'rush_hour', variant: 'kids', players: 2, lang: 'en', options: {}, races: [],
    choose: (ids, v) => (v?.mine.canChoose.length ? byPrefix(ids, ['row-'], 0) : v && v.mine.pick === null ? byPrefix(ids, ['card-'], v.pub.turn) : null) },
  { id: 'bip_bip', variant: 'single', players: 4, lang: 'en', options: { freezeMs: 0, countdownMs: 0, handSize: 2 }, hold: (ids) => ids.includes('cancel'), races: ['stale', 'stale_board', 'frozen', 'stale_claim'],
    choose: (ids, v) => {
      if (!v || v.pub.phase !== 'play') return null;
      if (ids.includes('bip')) return 'bip';
      const to = ids.find((id) => id.startsWith('to-'));
      if (to) return to;
      if (ids.includes('cancel')) return 'cancel';
      const board = v.pub.board as Board;
      const found = v.mine.hand.find((c: { id: number }) => findMatch(board, c.id) && ids.includes(`card-${c.id}`));
      if (found && Date.now() >= 0) return `card-${found.id}`;
      const before = v.pub.lastMove ? swapBack(board, v.pub.lastMove.from, v.pub.lastMove.to) : null;
      const step = chooseStep(board, before, v.mine.hand.map((c: { id: number }) => c.id), 'hard', bipRng);
      return step && ids.includes(`car-${step.from}`) ? `car-${step.from}` : null;
    } },
  { id: 'traffic_tango', variant: 'classic', players: 4, lang: 'en', options: { deliveries: 2, phaseMs: 0 }, races: [], after: tangoSaid,
    choose: (ids, v, turn) => {
      if (!v) return null;
      const { pub, mine } = v;
      if (pub.phase === 'choose') return byPrefix(ids, ['eliminate-'], 0);
      if (pub.traffic !== null && mine.signs === null) {
        // A sign kind chosen (a toggle), one sign a day on a tile the table offers, then send (as touch-b plays it).
        if (tangoKind !== pub.day && tangoPlaced !== pub.day) {
          const kind = byPrefix(ids, ['kind-yield', 'kind-roundabout', 'kind-'], 0);
          if (kind) { tangoKind = pub.day; return kind; }
        }
        const tile = tangoPlaced !== pub.day ? byPrefix(ids, ['sign-'], turn) : null;
        if (tile) { tangoPlaced = pub.day; return tile; }
        return byPrefix(ids, ['send-signs', 'mode-signs'], 0);
      }
      if (pub.delivery !== null && mine.route === null) return byPrefix(ids, ['mode-route', 'route-cheapest', 'send-route'], turn);
      return null;
    } },
];

/** After a sign kind is chosen or a sign put on a tile: what the text view shows and says. */
async function tangoSaid(page: Page, id: string): Promise<void> {
  if (id.startsWith('kind-')) {
    const button = page.locator(`[data-testid=text-moves] button[data-target="${id}"]`);
    await expect.poll(() => button.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    // The pressed one keeps the focus, and the status region says the choice by the button's name.
    expect(await focusedTarget(page)).toBe(id);
    const name = (await button.textContent()) ?? '';
    expect(name).toMatch(/^Sign: /);
    await expect.poll(() => page.locator('[data-testid=text-said]').textContent(), { timeout: 10_000 }).toBe(`Your choice — ${name}`);
    expect(await page.locator('[data-testid=text-said]').getAttribute('role')).toBe('status');
    // Every other kind is a toggle that is not pressed; the tiles name the sign they put there.
    const others = await page.$$eval('[data-testid=text-moves] button[data-target^="kind-"]', (bs) => bs.map((b) => b.getAttribute('aria-pressed')));
    expect(others.filter((p) => p === 'true')).toHaveLength(1);
    expect(others.every((p) => p === 'true' || p === 'false')).toBe(true);
    const kind = name.replace(/^Sign: /, '').replace(/[()]/g, '\\$&');
    const tiles = await page.$$eval('[data-testid=text-moves] button[data-target^="sign-"]', (bs) => bs.map((b) => b.textContent ?? ''));
    expect(tiles.length).toBeGreaterThan(0);
    for (const label of tiles) expect(label).toMatch(new RegExp(`^Put the sign on tile [A-E][1-5] \\(${kind}\\)$`));
  } else if (id.startsWith('sign-')) {
    const tile = id.slice(5);
    await expect.poll(() => page.locator('[data-testid=text-pending]').textContent(), { timeout: 10_000 }).toContain(`on ${tile}`);
    await expect.poll(() => page.locator('[data-testid=text-said]').textContent(), { timeout: 10_000 }).toContain(`on ${tile}`);
  }
}

/** The boxes of the text view, the stage and every tap target, and whether the text view meets any of them. */
async function overlaps(page: Page): Promise<{ stage: boolean; targets: string[]; outside: string[]; text: DOMRectLike | null }> {
  return page.evaluate(() => {
    type Box = { x: number; y: number; width: number; height: number };
    const meet = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
    const text = document.querySelector('[data-testid=text-view]')?.getBoundingClientRect();
    const stage = document.querySelector('.jn-stage')?.getBoundingClientRect();
    if (!text || !stage || text.width === 0) return { stage: true, targets: ['no text view'], outside: [], text: null };
    const targets = (window as unknown as { junctionTargets: () => (Box & { id: string })[] }).junctionTargets();
    return {
      stage: meet(text, stage),
      targets: targets.filter((t) => meet(text, t)).map((t) => t.id),
      // A target whose centre is off the stage is under the frame (status line, players), not playable.
      outside: targets.filter((t) => {
        const cx = t.x + t.width / 2;
        const cy = t.y + t.height / 2;
        return cx < stage.left || cx > stage.right || cy < stage.top || cy > stage.bottom;
      }).map((t) => t.id),
      text: { x: text.x, y: text.y, width: text.width, height: text.height },
    };
  });
}
interface DOMRectLike { x: number; y: number; width: number; height: number }

/** At each size the text view is beside or under the game area, never over it; a picture of each. */
async function checkLayout(page: Page, game: Game): Promise<void> {
  for (const [width, height] of [[390, 844], [1280, 800]] as const) {
    await page.setViewportSize({ width, height });
    // The stage's resize redraws the table in the room left: wait for it, then look.
    let seen = await overlaps(page);
    for (let i = 0; i < 40 && (seen.stage || seen.targets.length || seen.outside.length); i++) {
      await page.waitForTimeout(250);
      seen = await overlaps(page);
    }
    await page.waitForTimeout(600);
    seen = await overlaps(page);
    await page.screenshot({ path: join(shots, `text-view-${game.id}-${game.lang}-${width}x${height}.png`) });
    expect({ size: `${width}x${height}`, stage: seen.stage, targets: seen.targets, outside: seen.outside }).toEqual({ size: `${width}x${height}`, stage: false, targets: [], outside: [] });
  }
}

function swapBack(board: Board, from: number, to: number): Board {
  const b = board.slice();
  [b[from], b[to]] = [b[to], b[from]];
  return b;
}

async function views(page: Page): Promise<Views> {
  return page.evaluate(() => {
    const scene = (window as unknown as { junction: any }).junction.scene.getScene('table'); // eslint-disable-line @typescript-eslint/no-explicit-any
    const room = scene?.connection?.room;
    const v = room?.state?.phase === 'playing' ? scene.connection.views() : null;
    return v?.seatView ? { pub: v.publicView, mine: v.seatView } : null;
  });
}

/** The moves that do something now (the chosen one of a set of choices is shown pressed and does nothing). */
const offered = (page: Page): Promise<string[]> =>
  page.$$eval('[data-testid=text-moves] button:not([aria-disabled=true])', (bs) => bs.map((b) => (b as HTMLButtonElement).dataset.target ?? ''));

const focusedTarget = (page: Page): Promise<string | null> =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset?.target ?? null);

/**
 * How many Tabs from the focused element to the button for `id` (negative: Shift+Tabs back), when
 * both are in the moves group (else null).
 */
const tabsTo = (page: Page, id: string): Promise<number | null> => page.evaluate((id) => {
  const box = document.querySelector('[data-testid=text-moves]');
  if (!box) return null;
  const buttons = Array.from(box.querySelectorAll('button'));
  const to = buttons.findIndex((b) => b.dataset.target === id);
  const at = document.activeElement === box ? -1 : buttons.indexOf(document.activeElement as HTMLButtonElement);
  return to >= 0 && (at >= 0 || document.activeElement === box) && to !== at ? to - at : null;
}, id);

/**
 * Tab (or Shift+Tab) until the button for `id` has focus, then Enter; false when the move went away
 * first. Where the focus already is in the moves group, the keys that reach it are pressed in one
 * go (the same keys, fewer round trips); else Tab one at a time, at most `max`.
 */
async function pressMove(page: Page, id: string, max = 80): Promise<boolean> {
  const ahead = await tabsTo(page, id);
  if (ahead !== null) for (let k = 0; k < Math.abs(ahead); k++) await page.keyboard.press(ahead > 0 ? 'Tab' : 'Shift+Tab');
  for (let i = 0; i < max; i++) {
    if (await focusedTarget(page) === id) {
      await page.keyboard.press('Enter');
      return true;
    }
    // Whether the move is still offered is asked every few keys only: each question is a round trip.
    if (i % 8 === 7 && !(await offered(page)).includes(id)) return false;
    await page.keyboard.press('Tab');
  }
  return false;
}

const resultShown = (page: Page) => page.locator('#result').isVisible().catch(() => false);

/** From the top of the page, Tab reaches the link that turns the text view on; Enter follows it. */
async function turnOnByLink(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset?.testid === 'text-view-link')) break;
  }
  expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset?.testid)).toBe('text-view-link');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=text-view]').waitFor({ state: 'visible', timeout: 10_000 });
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('table-text-title');
}

describe.skipIf(!browserTestsRun)('the text view: every game played with Tab and Enter only', () => {
  it.each(GAMES)('$id ($lang): played through the text view to its result', async (game) => {
    const page = await env.browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    let moves = 0;
    let cues = 0;
    try {
      await openTable(page, env.server.http, game);
      // Where the focus goes first inside the result screen, when it comes (a later Tab may move it on).
      await page.evaluate(() => {
        const w = window as unknown as { resultFocus?: string };
        document.addEventListener('focusin', (e) => {
          const el = e.target as HTMLElement;
          if (w.resultFocus === undefined && el.closest('#result')) w.resultFocus = el.id;
        });
      });
      await turnOnByLink(page);
      await expect(page.locator('#table-text-title').textContent()).resolves.toBe(game.lang === 'fr' ? 'Vue texte de la table' : 'Text view of the table');
      let checked = false;
      let turn = 0;
      const until = Date.now() + 780_000;
      while (Date.now() < until && !(await resultShown(page))) {
        const ids = await offered(page);
        const v = await views(page);
        const pick = ids.length ? game.choose(ids, v, turn) : null;
        // Once I have played (twice, or once in Bip! Bip!, which the bots may end early): axe, the log, the layout.
        if (!checked && moves >= (game.hold ? 1 : 2)) {
          checked = true;
          const found = await seriousViolations(page, `text view of ${game.id} (${game.lang})`, '#table-text');
          expect(found).toEqual([]);
          // The live log has told what happened, and the table is described.
          expect(await page.locator('.jn-textview-log [data-line]').count()).toBeGreaterThan(0);
          expect(await page.locator('#table-text li').count()).toBeGreaterThan(0);
          await checkLayout(page, game);
          continue;
        }
        if (pick && await pressMove(page, pick)) {
          moves++;
          turn++;
          await page.waitForTimeout(200);
          await game.after?.(page, pick);
        } else {
          // Nothing of mine to do now: the bots take their turn.
          cues += cueBots();
          await page.waitForTimeout(250);
        }
        if (game.hold ? !game.hold(await offered(page)) : moves % 3 === 0) cues += cueBots();
      }
      if (!(await resultShown(page))) throw new Error(`${game.id}: no result after ${moves} moves and ${cues} bot cues (screenshot ${await failureScreenshot(page, `text-view-${game.id}`)})`);
      expect(moves).toBeGreaterThan(0);
      expect(checked).toBe(true);
      // The result replaced the table and is announced: a modal dialog named by its headline, which took the focus.
      await expect.poll(() => page.evaluate(() => (window as unknown as { resultFocus?: string }).resultFocus), { timeout: 10_000 }).toBe('result-title');
      expect(await page.locator('#result').getAttribute('role')).toBe('dialog');
      expect(await page.locator('#result').getAttribute('aria-modal')).toBe('true');
      expect(((await page.locator('#result-title').textContent()) ?? '').trim().length).toBeGreaterThan(0);
      const refused = await page.evaluate(() => (window as unknown as { refused: { code: string }[] }).refused);
      expect(refused.filter((r) => !game.races.includes(r.code))).toEqual([]);
      expect(errors).toEqual([]);
      console.log(`${game.id}: ${moves} moves by keyboard, ${cues} bot cues`);
    } catch (error) {
      console.error('screenshot:', await failureScreenshot(page, `text-view-${game.id}`).catch(() => '?'));
      throw error;
    } finally {
      await page.close();
    }
  }, 900_000);
});
