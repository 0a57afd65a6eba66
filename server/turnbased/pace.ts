/**
 * Live or turn-based (issue 25). A turn-based table's move clock (1 h, 12 h, 24 h or 3 days)
 * replaces the game's own move clocks; everything else in the rules stays as in live play, so a
 * clock that runs out applies the game's own timeout rule. Only the games whose rules work without
 * a stopwatch offer it; the races (Railway Madness, Bip! Bip!, Took Over!) stay live.
 */
import { z } from 'zod';
import { MOVE_CLOCKS, MOVE_CLOCK_NAMES, offersTurnBased, type MoveClock } from '../../shared/protocol/pace.js';

export { MOVE_CLOCKS, offersTurnBased };

/**
 * The engine options each turn-based game plays at the move clock. Car Exchange's reaction
 * windows become moves too (docs/rules/car_exchange.md "Turn-based"): the swap's target gets a
 * move clock to block, and the New Car chance stays open until the next player moves (raceMode).
 */
const CLOCKED_OPTIONS: Record<string, readonly string[]> = {
  traffic_tango: ['phaseMs', 'choiceMs'],
  rush_hour: ['pickMs', 'choiceMs'],
  traffic_memory: ['flipMs'],
  car_exchange: ['turnMs', 'newCarWindowMs', 'exchangeWindowMs'],
};

/** Options a turn-based table sets whatever the host asked. */
const FIXED_OPTIONS: Record<string, Record<string, unknown>> = {
  car_exchange: { raceMode: true },
};

export const paceSchema = z.object({
  pace: z.enum(['live', 'turn']).default('live'),
  moveClock: z.enum(MOVE_CLOCK_NAMES).default('24h'),
});
export type Pace = z.infer<typeof paceSchema>;

/** A turn-based table's options carry `pace: 'turn'` (stored with the session, so a woken table knows it). */
export function isTurnBased(options: Record<string, unknown>): boolean {
  return options.pace === 'turn';
}

/** The move clock in ms; `testClockMs` (test processes only, Config.TURN_CLOCK_MS) replaces every clock. */
export function moveClockMs(options: Record<string, unknown>, testClockMs?: number): number {
  if (testClockMs !== undefined) return testClockMs;
  const clock = options.moveClock as MoveClock | undefined;
  return MOVE_CLOCKS[clock ?? '24h'] ?? MOVE_CLOCKS['24h'];
}

export type PaceSplit =
  | { ok: true; pace: Pace; engineInput: Record<string, unknown> }
  | { ok: false; code: string; params?: Record<string, string | number> };

/**
 * Separates the pace from the game's own options. On a turn-based table the clocked options are
 * left out of what the engine's schema checks (their values are the move clock's, past the live
 * limits) and set again by `withMoveClock`.
 */
export function splitPace(gameId: string, raw: Record<string, unknown>): PaceSplit {
  const { pace: rawPace, moveClock: rawClock, ...rest } = raw;
  const parsed = paceSchema.safeParse({ pace: rawPace, moveClock: rawClock });
  if (!parsed.success) return { ok: false, code: 'bad_pace' };
  const pace = parsed.data;
  if (pace.pace === 'live') return { ok: true, pace, engineInput: rest };
  if (!offersTurnBased(gameId)) return { ok: false, code: 'turn_based_not_offered' };
  if (gameId === 'car_exchange' && rest.talking === true) return { ok: false, code: 'turn_based_no_talking' };
  const engineInput = { ...rest };
  for (const key of CLOCKED_OPTIONS[gameId]!) delete engineInput[key];
  return { ok: true, pace, engineInput };
}

/** The engine options of a table at this pace: the move clock on every clocked option when turn-based. */
export function withMoveClock<T extends Record<string, unknown>>(gameId: string, options: T, pace: Pace, testClockMs?: number): T {
  // A live table's options stay exactly the game's (nothing new in its state or its stored session).
  if (pace.pace === 'live') return options;
  const ms = moveClockMs(pace, testClockMs);
  const clocked = Object.fromEntries((CLOCKED_OPTIONS[gameId] ?? []).map((key) => [key, ms]));
  return { ...options, ...clocked, ...FIXED_OPTIONS[gameId], ...pace };
}

/** The options as the host set them, without what the pace put in (a configure message starts from these). */
export function stripMoveClock(gameId: string, options: Record<string, unknown>): Record<string, unknown> {
  if (!isTurnBased(options)) return options;
  const rest = { ...options };
  for (const key of [...(CLOCKED_OPTIONS[gameId] ?? []), ...Object.keys(FIXED_OPTIONS[gameId] ?? {})]) delete rest[key];
  return rest;
}
