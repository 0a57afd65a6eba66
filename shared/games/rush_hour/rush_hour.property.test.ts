/**
 * Seeded random games with random options: bots, random legal and illegal actions, and clocks running
 * out. Every game ends; at every step all cards are accounted for, scores equal the penalty piles,
 * and views do not change when the cards a viewer cannot see are shuffled (no hidden information).
 */
import { describe, expect, it } from 'vitest';
import { HEAVY_TEST_MS } from '../testing/timeouts.js';
import { Rng } from '../../random.js';
import { simulate } from '../testing/simulate.js';
import { deckFor, pointsOfAll } from './cards.js';
import { rushHourGame as game } from './index.js';
import { rushHourOptions, type RushHourOptions } from './options.js';
import type { RushHourState } from './state.js';
import { scramble } from './testing.js';
import type { RushHourAction } from './actions.js';

function randomOptions(rng: Rng): RushHourOptions {
  for (;;) {
    const raw: Record<string, unknown> = { variant: rng.pick(['classic', 'kids']), players: 2 + rng.int(4) };
    const maybe = (key: string, values: unknown[]) => { if (rng.next() < 0.4) raw[key] = rng.pick(values); };
    maybe('maxNumber', [10, 20, 30, 50]);
    maybe('handSize', [5, 10]);
    maybe('rows', [2, 3]);
    maybe('noSpecials', [true, false]);
    maybe('noHeavyJam', [true, false]);
    maybe('noTooSmallPenalty', [true, false]);
    maybe('trailerNumbers', ['shared', 'high']);
    maybe('trailerPoints', [1, 2]);
    maybe('deals', [1, 2]);
    const parsed = rushHourOptions.safeParse(raw);
    if (parsed.success) return parsed.data;
  }
}

/** Every card's place: unused, hands (picks included), rows, penalty piles, revealed but not yet placed. */
function allCards(s: RushHourState): number[] {
  const pending = [
    ...s.stages.flatMap((st) => (st.kind === 'group' ? st.plays : [st.play])),
    ...(s.prompt ? (s.prompt.kind === 'group' ? s.prompt.plays : [s.prompt.play]) : []),
  ].map((p) => p.card);
  return [...s.unused, ...s.hands.flat(), ...s.rows.flat(2), ...s.piles.flat(), ...pending].sort((a, b) => a - b);
}

function checkInvariants(s: RushHourState, now: number, rng: Rng, deck: string): void {
  expect(allCards(s).join()).toBe(deck);
  s.picks.forEach((p, seat) => { if (p !== null) expect(s.hands[seat]).toContain(p); });
  const pub = game.publicView(s, now);
  pub.players.forEach((p, seat) => {
    expect(p.points).toBe(s.banked[seat].points + pointsOfAll(s.piles[seat], s.options));
    expect(p.pile.map((c) => c.id)).toEqual(s.piles[seat]);
  });
  for (const row of s.rows) {
    expect(row.length).toBeGreaterThan(0);
    expect(row[0].length).toBeGreaterThan(0);
    row.slice(0, -1).forEach((slot) => expect(slot.length).toBeGreaterThan(0));
    if (!s.options.noHeavyJam && !s.options.noTooSmallPenalty) expect(row.length).toBeLessThanOrEqual(4);
  }
  // Hidden information: shuffle what a viewer cannot see; what it is shown must not change.
  const viewer = rng.int(s.seats + 1) - 1;
  const other = scramble(s, viewer, rng);
  expect(JSON.stringify(game.publicView(other, now))).toBe(JSON.stringify(pub));
  if (viewer >= 0) expect(JSON.stringify(game.seatView(other, viewer, now))).toBe(JSON.stringify(game.seatView(s, viewer, now)));
}

function randomAction(s: RushHourState, seat: number, rng: Rng): RushHourAction {
  const mine = game.seatView(s, seat, 0);
  if (mine.canChoose.length > 0 && rng.next() < 0.8) return { type: 'row', row: rng.pick(mine.canChoose) };
  if (mine.hand.length > 0 && rng.next() < 0.8) return { type: 'pick', card: rng.pick(mine.hand).id };
  return rng.next() < 0.5 ? { type: 'row', row: rng.int(3) } : { type: 'pick', card: rng.int(74) };
}

function playOut(seed: number): { s: RushHourState; steps: number } {
  const rng = new Rng(seed);
  const options = randomOptions(rng);
  const deck = deckFor(options).sort((a, b) => a - b).join();
  const start = game.setup(options, options.players, seed, 0);
  const style = Array.from({ length: start.seats }, () => rng.pick(['easy', 'hard', 'random', 'sleepy'] as const));
  // A bot's answer only changes with the state: ask again only after the state moved on.
  let botMoves = new Map<number, ReturnType<typeof game.bot>>();
  let askedOn: RushHourState | null = null;
  const { state, steps } = simulate(game, start, {
    propose: (s, now) => {
      if (s !== askedOn) { botMoves = new Map(); askedOn = s; }
      const moves = style.flatMap((kind, seat) => {
        if (kind === 'sleepy' && rng.next() < 0.7) return [];
        if (kind === 'random' || kind === 'sleepy') return [{ seat, action: randomAction(s, seat, rng), delayMs: 200 + rng.int(3000), careless: true }];
        if (!botMoves.has(seat)) botMoves.set(seat, game.bot(s, seat, kind, rng.state, now));
        const m = botMoves.get(seat);
        return m ? [{ seat, ...m }] : [];
      });
      rng.next();
      return moves;
    },
    done: (s) => s.over,
    maxSteps: 2000,
    immutabilityEvery: 1,
    label: `seed ${seed}`,
    check: ({ state: s, now }) => {
      if (!s.over) expect(game.nextDeadline(s)).not.toBe(null);
      checkInvariants(s, now, rng, deck);
    },
  });
  return { s: state, steps };
}

describe('seeded random games with random options', () => {
  it('120 games all end with every card accounted for, scores equal to the piles and nothing hidden shown', () => {
    for (let seed = 1; seed <= 120; seed++) {
      const { s } = playOut(seed * 7919);
      expect(s.over, `seed ${seed * 7919}`).toBe(true);
      const result = game.result(s);
      expect(result).not.toBe(null);
      const pub = game.publicView(s, 0);
      expect(result?.seats.map((r) => r.score)).toEqual(pub.players.map((p) => p.points));
      expect(result?.seats.some((r) => r.place === 1)).toBe(true);
    }
  }, HEAVY_TEST_MS);
});

describe('bots', () => {
  it('hard bots take fewer penalty points than easy bots on average', () => {
    let easy = 0;
    let hard = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const o = rushHourOptions.parse({ players: 4 });
      let s = game.setup(o, 4, seed, 0);
      let now = 0;
      const rng = new Rng(seed);
      while (!s.over) {
        const seat = [0, 1, 2, 3].find((k) => game.bot(s, k, k % 2 === 0 ? 'hard' : 'easy', rng.state, now));
        if (seat === undefined) { now = game.nextDeadline(s) ?? now; const r = game.advance(s, now); if (r.ok) s = r.state; continue; }
        const m = game.bot(s, seat, seat % 2 === 0 ? 'hard' : 'easy', rng.state, now);
        rng.next();
        if (!m) continue;
        const r = game.apply(s, seat, m.action, now);
        if (!r.ok) throw new Error(r.error.code);
        s = r.state;
      }
      const pts = game.publicView(s, now).players.map((p) => p.points);
      hard += pts[0] + pts[2];
      easy += pts[1] + pts[3];
    }
    expect(hard).toBeLessThan(easy);
  });
  it('a bot only ever makes legal moves', () => {
    let s = game.setup(rushHourOptions.parse({ players: 5 }), 5, 3, 0);
    const rng = new Rng(4);
    for (let i = 0; i < 400 && !s.over; i++) {
      const seat = i % 5;
      const m = game.bot(s, seat, i % 2 ? 'easy' : 'hard', rng.state, 0);
      rng.next();
      if (m) {
        expect(m.delayMs).toBeGreaterThanOrEqual(500);
        expect(m.delayMs).toBeLessThan(5000);
        const r = game.apply(s, seat, m.action, 0);
        expect(r.ok).toBe(true);
        if (r.ok) s = r.state;
      }
    }
    expect(s.over).toBe(true);
  });
});
