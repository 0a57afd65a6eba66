/**
 * Issue 30's text view of the table (client/table/textView), played in real Chromium against a real
 * server: one full game of each of the seven games, every move made with the keyboard alone — Tab
 * until the text view's button for the chosen move has focus, then Enter — from the link at the top
 * of the table that turns the text view on, to the result screen. Two games are played in French.
 * The bots play on the test's cue (BOTS_ON_CUE, server/rooms/botCue.ts): they act when the test
 * lets them, between its own moves, so a slow browser never races them. Each table's text view also
 * passes axe-core (no serious or critical violation), and its live log and summary say something.
 * The short options are those of the touch tests (touch-a, touch-b).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserTestsRun, failureScreenshot, useServerAndBrowser } from '../support/browser.js';
import { seriousViolations } from '../support/axe.js';
import { openTable, type TableSpec } from '../support/openTable.js';
import { cueBots } from '../../server/rooms/botCue.js';
import { findMatch, type Board } from '../../shared/games/bip_bip/board.js';
import { chooseStep } from '../../shared/games/bip_bip/bot.js';
import { Rng } from '../../shared/random.js';

const env = useServerAndBrowser({ server: { BOTS_ON_CUE: true } });

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
  /**
   * Moves made by keyboard after which the game is left unfinished: the long real-time games (a
   * Bip! Bip! or Traffic Tango match runs many minutes on a loaded machine) prove the keyboard path
   * without playing a whole match; the five others are played to their result.
   */
  movesEnough?: number;
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

const GAMES: Game[] = [
  { id: 'traffic_memory', variant: 'classic', players: 2, lang: 'fr', options: { range: '1-12', revealMs: 600, flipMs: 60_000 }, races: [],
    choose: (ids, _v, turn) => byPrefix(ids, ['card-'], turn) },
  { id: 'took_over', variant: 'classic', players: 2, lang: 'fr', options: { paceMs: 600, idleMs: 4_000 }, races: ['nothing_to_take', 'does_not_fit', 'not_taker'],
    choose: (ids, _v, turn) => byPrefix(ids, ['takeover', 'hand-', 'pass'], turn) },
  { id: 'railway_madness', variant: 'juniors', players: 2, lang: 'en', options: { timeLimitMs: 120_000 }, races: ['gone'],
    choose: (ids, _v, turn) => byPrefix(ids, ['take', 'release', 'slot-', 'stop'], turn) },
  { id: 'car_exchange', variant: 'classic', players: 2, lang: 'en', races: ['new_car_window', 'exchange_window'],
    options: { targetScore: 1, rounds: 1, roundPauseMs: 0, newCarWindowMs: 500, exchangeWindowMs: 500, turnMs: 60_000 },
    choose: (ids, _v, turn) => byPrefix(ids, ['card-', 'option-', 'accept', 'keep', 'draw'], turn) },
  { id: 'rush_hour', variant: 'kids', players: 2, lang: 'en', options: {}, races: [],
    choose: (ids, v) => (v?.mine.canChoose.length ? byPrefix(ids, ['row-'], 0) : v && v.mine.pick === null ? byPrefix(ids, ['card-'], v.pub.turn) : null) },
  { id: 'bip_bip', variant: 'single', players: 4, lang: 'en', options: { freezeMs: 0, countdownMs: 0 }, movesEnough: 6, hold: (ids) => ids.includes('cancel'), races: ['stale', 'stale_board', 'frozen', 'stale_claim'],
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
  { id: 'traffic_tango', variant: 'classic', players: 4, lang: 'en', options: {}, races: [], movesEnough: 4,
    choose: (ids, v, turn) => {
      if (!v) return null;
      const { pub, mine } = v;
      if (pub.phase === 'choose') return byPrefix(ids, ['eliminate-'], 0);
      if (pub.traffic !== null && mine.signs === null) {
        // One sign a day on a tile the table offers, then send (as touch-b plays it).
        const tile = tangoPlaced !== pub.day ? byPrefix(ids, ['sign-'], turn) : null;
        if (tile) { tangoPlaced = pub.day; return tile; }
        return byPrefix(ids, ['send-signs', 'mode-signs'], 0);
      }
      if (pub.delivery !== null && mine.route === null) return byPrefix(ids, ['mode-route', 'route-cheapest', 'send-route'], turn);
      return null;
    } },
];

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

const offered = (page: Page): Promise<string[]> =>
  page.$$eval('[data-testid=text-moves] button', (bs) => bs.map((b) => (b as HTMLButtonElement).dataset.target ?? ''));

const focusedTarget = (page: Page): Promise<string | null> =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset?.target ?? null);

/** How many Tabs from the focused element to the button for `id`, when both are in the moves group (else null). */
const tabsTo = (page: Page, id: string): Promise<number | null> => page.evaluate((id) => {
  const box = document.querySelector('[data-testid=text-moves]');
  if (!box) return null;
  const buttons = Array.from(box.querySelectorAll('button'));
  const to = buttons.findIndex((b) => b.dataset.target === id);
  const at = document.activeElement === box ? -1 : buttons.indexOf(document.activeElement as HTMLButtonElement);
  return to >= 0 && (at >= 0 || document.activeElement === box) && to > at ? to - at : null;
}, id);

/**
 * Tab until the button for `id` has focus, then Enter; false when the move went away first. Where
 * the focus already is in the moves group, the Tabs that reach it are pressed in one go (the same
 * keys, fewer round trips); else one at a time, at most `max`.
 */
async function pressMove(page: Page, id: string, max = 80): Promise<boolean> {
  const ahead = await tabsTo(page, id);
  if (ahead !== null) for (let k = 0; k < ahead; k++) await page.keyboard.press('Tab');
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
  it.each(GAMES)('$id ($lang): played through the text view (to its result, or a few moves for the long real-time matches)', async (game) => {
    const page = await env.browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    let moves = 0;
    let cues = 0;
    try {
      await openTable(page, env.server.http, game);
      await turnOnByLink(page);
      await expect(page.locator('#table-text-title').textContent()).resolves.toBe(game.lang === 'fr' ? 'Vue texte de la table' : 'Text view of the table');
      let checked = false;
      let turn = 0;
      const until = Date.now() + (game.id === 'bip_bip' ? 840_000 : 540_000);
      const enough = () => game.movesEnough !== undefined && moves >= game.movesEnough && checked;
      while (Date.now() < until && !enough() && !(await resultShown(page))) {
        const ids = await offered(page);
        const v = await views(page);
        const pick = ids.length ? game.choose(ids, v, turn) : null;
        if (!checked && moves >= 2) {
          checked = true;
          const found = await seriousViolations(page, `text view of ${game.id} (${game.lang})`, '#table-text');
          expect(found).toEqual([]);
          // The live log has told what happened, and the table is described.
          expect(await page.locator('.jn-textview-log [data-line]').count()).toBeGreaterThan(0);
          expect(await page.locator('#table-text li').count()).toBeGreaterThan(0);
        }
        if (pick && await pressMove(page, pick)) {
          moves++;
          turn++;
          await page.waitForTimeout(200);
        } else {
          // Nothing of mine to do now: the bots take their turn.
          cues += cueBots();
          await page.waitForTimeout(250);
        }
        if (game.hold ? !game.hold(await offered(page)) : moves % 3 === 0) cues += cueBots();
      }
      if (!enough() && !(await resultShown(page))) throw new Error(`${game.id}: no result after ${moves} moves and ${cues} bot cues (screenshot ${await failureScreenshot(page, `text-view-${game.id}`)})`);
      expect(moves).toBeGreaterThan(0);
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
