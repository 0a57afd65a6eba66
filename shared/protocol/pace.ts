/** Table pace (issue 25), as the lobby offers it and the server checks it (server/turnbased/pace.ts). */
export const MOVE_CLOCKS = { '1h': 3_600_000, '12h': 43_200_000, '24h': 86_400_000, '3d': 259_200_000 } as const;
export type MoveClock = keyof typeof MOVE_CLOCKS;
export const MOVE_CLOCK_NAMES = Object.keys(MOVE_CLOCKS) as [MoveClock, ...MoveClock[]];

/** The games whose rules work without a stopwatch; the races stay live only. */
export const TURN_BASED_GAMES = ['traffic_tango', 'rush_hour', 'traffic_memory', 'car_exchange'] as const;

export function offersTurnBased(gameId: string): boolean {
  return (TURN_BASED_GAMES as readonly string[]).includes(gameId);
}

/** The clock of a turn-based table when none is chosen (quick play's queue included). */
export const DEFAULT_MOVE_CLOCK: MoveClock = '24h';
