/**
 * Seating a round (docs/tournaments.md, "Pairing").
 *
 * Swiss pods: players are listed best standing first; the table plan (tables.ts) says how many
 * tables of which size and how many byes. Byes go to those with the fewest byes so far, lowest
 * standing first, so nobody gets a second bye while another player has none. The rest are cut into
 * tables top-down, then improved by swapping players between tables: first to minimise repeats
 * (pairs seated together who have met before, counted once per earlier meeting), then to keep
 * tables tight in standing (least squared distance of positions from the table's mean). When
 * repeats remain, a few seeded random shakes of the seating are tried and the best kept.
 * Round 1 (or `random`) seats a seeded shuffle instead. Everything is deterministic for a seed.
 */
import { Rng } from '../random.js';
import { planTables } from './tables.js';
import { lot } from './standings.js';
import type { SeatRange } from './types.js';

export interface PairingInput {
  /** Players to seat, best standing first. */
  players: readonly string[];
  tableSize: number;
  seatRange: SeatRange;
  seed: number;
  round: number;
  /** Seat a seeded shuffle rather than by standing (round 1). */
  random?: boolean;
  /** Earlier rounds' tables, as player ids: who has met whom. */
  previousTables?: readonly (readonly string[])[];
  /** Byes each player has had so far. */
  byeCounts?: ReadonlyMap<string, number>;
}

export interface Pairing {
  /** Top table first; seat order within a table is shuffled by seed (it decides who starts). */
  tables: string[][];
  byes: string[];
  /** Pairs seated together who had met before (counted once per earlier meeting). */
  repeats: number;
}

interface Layout {
  tables: number[][];
  repeats: number;
  spread: number;
}

/** Swap-based improvement over player indices (index = position in standing order). */
class Seating {
  constructor(private readonly met: (a: number, b: number) => number, private readonly useSpread: boolean) {}

  repeatsOf(table: readonly number[]): number {
    let r = 0;
    for (let i = 0; i < table.length; i++) for (let j = i + 1; j < table.length; j++) r += this.met(table[i], table[j]);
    return r;
  }

  spreadOf(table: readonly number[]): number {
    if (!this.useSpread) return 0;
    let s = 0;
    let q = 0;
    for (const x of table) { s += x; q += x * x; }
    return q - (s * s) / table.length;
  }

  measure(tables: number[][]): Layout {
    let repeats = 0;
    let spread = 0;
    for (const t of tables) { repeats += this.repeatsOf(t); spread += this.spreadOf(t); }
    return { tables, repeats, spread };
  }

  /** First-improvement hill climbing over all two-player swaps between tables. */
  improve(tables: number[][], maxPasses = 60): void {
    const sums = tables.map((t) => t.reduce((a, b) => a + b, 0));
    const sqs = tables.map((t) => t.reduce((a, b) => a + b * b, 0));
    for (let pass = 0; pass < maxPasses; pass++) {
      let changed = false;
      for (let A = 0; A < tables.length; A++) {
        for (let B = A + 1; B < tables.length; B++) {
          const ta = tables[A];
          const tb = tables[B];
          for (let i = 0; i < ta.length; i++) {
            for (let j = 0; j < tb.length; j++) {
              const a = ta[i];
              const b = tb[j];
              let dRep = 0;
              for (let k = 0; k < ta.length; k++) if (k !== i) dRep += this.met(b, ta[k]) - this.met(a, ta[k]);
              for (let k = 0; k < tb.length; k++) if (k !== j) dRep += this.met(a, tb[k]) - this.met(b, tb[k]);
              let dSpread = 0;
              if (this.useSpread) {
                const na = ta.length;
                const nb = tb.length;
                const sa = sums[A] - a + b;
                const sb = sums[B] - b + a;
                const qa = sqs[A] - a * a + b * b;
                const qb = sqs[B] - b * b + a * a;
                dSpread = (qa - (sa * sa) / na) + (qb - (sb * sb) / nb)
                  - (sqs[A] - (sums[A] * sums[A]) / na) - (sqs[B] - (sums[B] * sums[B]) / nb);
              }
              if (dRep < 0 || (dRep === 0 && dSpread < -1e-9)) {
                ta[i] = b;
                tb[j] = a;
                sums[A] += b - a; sums[B] += a - b;
                sqs[A] += b * b - a * a; sqs[B] += a * a - b * b;
                changed = true;
              }
            }
          }
        }
      }
      if (!changed) return;
    }
  }
}

const better = (x: Layout, y: Layout): boolean => x.repeats < y.repeats || (x.repeats === y.repeats && x.spread < y.spread - 1e-9);

export function pairRound(input: PairingInput): Pairing {
  const rng = new Rng(lot(input.seed, `round:${input.round}`));
  const order = input.random ? rng.shuffle(input.players) : [...input.players];
  const plan = planTables(order.length, input.tableSize, input.seatRange);

  const byeCounts = input.byeCounts ?? new Map<string, number>();
  const byes = order
    .map((id, pos) => ({ id, pos, had: byeCounts.get(id) ?? 0 }))
    .sort((a, b) => a.had - b.had || b.pos - a.pos)
    .slice(0, plan.byes)
    .map((x) => x.id);
  const byeSet = new Set(byes);
  const seated = order.filter((id) => !byeSet.has(id));

  const index = new Map(seated.map((id, i) => [id, i]));
  const n = seated.length;
  const meetings = new Uint16Array(n * n);
  for (const table of input.previousTables ?? []) {
    const here = table.map((id) => index.get(id)).filter((i): i is number => i !== undefined);
    for (let x = 0; x < here.length; x++) {
      for (let y = x + 1; y < here.length; y++) {
        meetings[here[x] * n + here[y]]++;
        meetings[here[y] * n + here[x]]++;
      }
    }
  }
  const hasHistory = meetings.some((m) => m > 0);
  const seating = new Seating((a, b) => meetings[a * n + b], !input.random);

  // Top-down cut: each table takes the best remaining player, then the best-placed players that
  // add the fewest repeats.
  const remaining = seated.map((_, i) => i);
  const initial: number[][] = plan.sizes.map((size) => {
    const table = [remaining.shift() as number];
    while (table.length < size) {
      let bestAt = 0;
      let bestCost = Infinity;
      for (let r = 0; r < remaining.length; r++) {
        let cost = 0;
        for (const t of table) cost += meetings[remaining[r] * n + t];
        if (cost < bestCost) { bestCost = cost; bestAt = r; }
        if (cost === 0) break;
      }
      table.push(remaining.splice(bestAt, 1)[0]);
    }
    return table;
  });

  let best = seating.measure(initial);
  if (hasHistory) {
    seating.improve(best.tables);
    best = seating.measure(best.tables);
    for (let attempt = 0; attempt < 40 && best.repeats > 0 && best.tables.length > 1; attempt++) {
      const trial = best.tables.map((t) => t.slice());
      const kicks = 1 + rng.int(Math.max(2, Math.ceil(n / 4)));
      for (let k = 0; k < kicks; k++) {
        const A = rng.int(trial.length);
        let B = rng.int(trial.length - 1);
        if (B >= A) B++;
        const i = rng.int(trial[A].length);
        const j = rng.int(trial[B].length);
        [trial[A][i], trial[B][j]] = [trial[B][j], trial[A][i]];
      }
      seating.improve(trial);
      const measured = seating.measure(trial);
      if (better(measured, best)) best = measured;
    }
  }

  const mean = (t: number[]): number => t.reduce((a, b) => a + b, 0) / t.length;
  const tables = best.tables
    .map((t) => ({ t, m: mean(t) }))
    .sort((x, y) => x.m - y.m)
    .map(({ t }) => rng.shuffle(t.map((i) => seated[i])));
  return { tables, byes, repeats: best.repeats };
}

/**
 * Elimination: who goes through from one table. The best `advance` places go through (never the
 * whole table); a tie at the cut is settled by the standing before the round (`priorOrder`,
 * best first), then by player id.
 */
export function advancers(table: readonly { playerId: string; place: number }[], advance: number, priorOrder: readonly string[]): string[] {
  const k = Math.max(1, Math.min(advance, table.length - 1));
  const rank = new Map(priorOrder.map((id, i) => [id, i]));
  return [...table]
    .sort((a, b) => a.place - b.place
      || (rank.get(a.playerId) ?? Infinity) - (rank.get(b.playerId) ?? Infinity)
      || (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0))
    .slice(0, k)
    .map((x) => x.playerId);
}
