/**
 * Races that say by how much (issue 27) in every game with a contested grab besides Railway Madness
 * (test/integration/race-margin.test.ts plays that one over real sockets): Bip! Bip!'s light, Car
 * Exchange's New Car window and a Took Over! take-over. Both racers' figures must be the times the
 * race queue compensated (after the latency allowance, never the client's stamp) and the journal
 * recorded, measured from the table the winner acted on.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyGame } from '../../shared/games/contract.js';
import type { Claim } from '../../shared/arbitration.js';
import { bipBipGame } from '../../shared/games/bip_bip/index.js';
import { step, table as bipTable } from '../../shared/games/bip_bip/testing.js';
import { EXPERT_IDS } from '../../shared/games/bip_bip/cards.js';
import { carExchangeGame } from '../../shared/games/car_exchange/index.js';
import { act as carAct, table as carTable } from '../../shared/games/car_exchange/fixtures.js';
import { carId, newCarId } from '../../shared/games/car_exchange/cards.js';
import { tookOverGame } from '../../shared/games/took_over/index.js';
import { act as tookAct, place, table as tookTable, takeOver } from '../../shared/games/took_over/testing.js';
import type { ActionLogWriter } from './actionLog.js';
import { LatencyProbe } from './latencyProbe.js';
import { TableClocks, type TimerClock } from './tableClocks.js';
import { ActionPipeline, type PipelineOutcome, type QueuedAction, type RaceMargin } from './actionPipeline.js';

/** Seat 1's line is slow: its stamps are trusted up to this far before their arrival. */
const ALLOWANCE = 40;
const SEATS: Record<string, number> = { a: 0, b: 1, c: 2 };

/** The loser's session in each race below. */
let SLOW = 'b';

class SlowSeatOne extends LatencyProbe {
  override allowance(id: string | undefined): number { return id === SLOW ? ALLOWANCE : 0; }
  override plausible(id: string | undefined): number { return id === SLOW ? ALLOWANCE : 0; }
}

interface Recorded { kind: 'applied' | 'lost'; seat: number; at: number }

/** A pipeline over `game` holding `engine`, whose timers fire when the test says. */
function racing(game: AnyGame, engine: unknown, opened: number) {
  const timers: { fn: () => void; live: boolean }[] = [];
  const clock: TimerClock = { setTimeout: (fn) => { const t = { fn, live: true, clear() { t.live = false; } }; timers.push(t); return t; } };
  const journal: Recorded[] = [];
  const log = {
    applied: (seat: number, _a: unknown, now: number) => journal.push({ kind: 'applied', seat, at: now }),
    lostRace: (seat: number, _a: unknown, now: number) => journal.push({ kind: 'lost', seat, at: now }),
  } as unknown as ActionLogWriter;
  const margins: RaceMargin<string>[] = [];
  const refused: { client: string; code: string }[] = [];
  const p = new ActionPipeline<string>(game, {
    playing: () => true,
    seatOf: (id) => SEATS[id] ?? null,
    otherHumans: (self) => Object.keys(SEATS).filter((id) => id !== self),
    raceWindowMs: () => 100,
    actionLog: () => log,
  }, new SlowSeatOne());
  // What the room does with the outcomes: records them, then waits for the next held action to be due.
  const clocks = new TableClocks(clock);
  const show = (outcomes: Iterable<PipelineOutcome<string>>): void => {
    clocks.clear('release');
    for (const o of outcomes) {
      if (o.kind === 'refused') refused.push({ client: o.client, code: o.refusal.code });
      else if (o.kind === 'raceSettled') margins.push(o.margin);
    }
    clocks.at('release', p.nextReleaseAt(), () => show(p.release()));
  };
  vi.setSystemTime(opened);
  p.start(game.optionsSchema.parse({ players: 3 }), 1, opened);
  p.engine = engine;
  // The race queue's own record: every claim as it compensated it.
  const claims: Claim<QueuedAction<string>>[] = [];
  const queue = (p as unknown as { queue: { submit(item: QueuedAction<string>, s: unknown): Claim<QueuedAction<string>> } }).queue;
  const submit = queue.submit.bind(queue);
  queue.submit = (item, s) => { const c = submit(item, s); claims.push(c); return c; };
  const send = (at: number, client: string, action: unknown, stamp?: number) => {
    vi.setSystemTime(at);
    show(p.receive(client, client, { id: 1, a: action, ...(stamp === undefined ? {} : { t: stamp }) }));
  };
  const release = (at: number) => {
    vi.setSystemTime(at);
    for (const t of timers.splice(0)) if (t.live) t.fn();
  };
  return { send, release, journal, margins, refused, claims };
}

/**
 * The winner acts at `opened + 100` (held 40 ms for the slow seat's allowance); the loser, on its
 * slow line, arrives at `opened + 150` stamped `opened + 60` (a claim to have been first): the
 * allowance takes it back 40 ms only, so the winner keeps the race, and both are told 100 ms
 * against 110 ms — the queue's compensated times, as the journal applied them.
 */
function settle(game: AnyGame, engine: unknown, opened: number, first: [string, unknown], second: [string, unknown], lostCode: string) {
  const r = racing(game, engine, opened);
  r.send(opened + 100, first[0], first[1]);
  r.release(opened + 140);
  r.send(opened + 150, second[0], second[1], opened + 60);
  r.release(opened + 200);
  expect(r.refused).toEqual([{ client: second[0], code: lostCode }]);
  // The race queue compensated the slow claim by its allowance, not back to its stamp.
  const [won, lost] = r.claims;
  expect(won.compensated).toBe(opened + 100);
  expect(lost.compensated).toBe(opened + 150 - ALLOWANCE);
  const win = r.journal.find((j) => j.kind === 'applied')!;
  const loss = r.journal.find((j) => j.kind === 'lost')!;
  expect(r.journal).toEqual([win, loss]);
  expect(win).toEqual({ kind: 'applied', seat: SEATS[first[0]], at: won.compensated });
  expect(loss).toEqual({ kind: 'lost', seat: SEATS[second[0]], at: Math.max(lost.compensated, won.compensated) });
  expect(r.margins).toHaveLength(1);
  const [m] = r.margins;
  expect(m.first).toMatchObject({ seat: SEATS[first[0]], client: first[0], ms: win.at - opened });
  expect(m.second).toMatchObject({ seat: SEATS[second[0]], client: second[0], ms: loss.at - opened });
  // Never the client's claim (60 ms, before the winner): 100 ms against 110 ms.
  expect([m.first.ms, m.second.ms]).toEqual([100, 110]);
  return m;
}

beforeEach(() => { vi.useFakeTimers({ toFake: ['Date'] }); });
afterEach(() => { vi.useRealTimers(); });

describe('a contested grab tells both racers by how much, from the race queue\'s and the journal\'s times', () => {
  it('Bip! Bip!: two moves on the same light', () => {
    const opened = 1000;
    const engine = bipTable({ board: ['R...', '.RB.', '.Y..'], hands: [[EXPERT_IDS[0]], [EXPERT_IDS[1]], [EXPERT_IDS[2]]] });
    const v = engine.boardVersion;
    SLOW = 'b';
    settle(bipBipGame, engine, opened, ['a', step('a1', 'a2', v)], ['b', step('c2', 'd2', v)], 'stale');
  });

  it('Car Exchange: two New Cars in the window that seat 0 opened by finishing', () => {
    const opened = 1000;
    const engine = carAct(carTable({
      hands: [[carId('red', 1)], [carId('blue', 1), newCarId(0)], [carId('green', 1), newCarId(1)]], top: carId('red', 5),
    }), 0, { type: 'play', card: carId('red', 1) }, opened).state;
    expect(engine.newCarWindow).toMatchObject({ seat: 0 });
    SLOW = 'c';
    settle(carExchangeGame, engine, opened,
      ['b', { type: 'newCar', card: newCarId(0), back: 0 }], ['c', { type: 'newCar', card: newCarId(1), back: 0 }], 'already_back');
  });

  it('Took Over!: a take-over against the next placement', () => {
    const opened = 10_000;
    const engine = tookAct(tookTable({
      line: [15], hands: [[11, 9, 30, 40, 41, 42], [13, 12, 14, 16, 2, 3], [44, 45, 46, 47, 48, 49]],
      stacks: [[20, 21], [22, 23, 24, 25], [26]],
    }), 0, place(11), opened - 5000).state;
    SLOW = 'b';
    settle(tookOverGame, engine, opened, ['a', place(9)], ['b', takeOver(13)], 'does_not_fit');
  });
});
