/**
 * The rating players read (issue 27): the raw OpenSkill ordinal (mu − 3 sigma, 0 for a newcomer,
 * −1.83 after a first loss) on the scale players of Lichess or Board Game Arena know: 1500 at the
 * start, DISPLAY_PER_ORDINAL points per ordinal point, never below DISPLAY_FLOOR, and marked
 * provisional ("?") until PROVISIONAL_GAMES rated games. It is the ordinal rescaled, not mu, so the
 * number shown orders players exactly as the leaderboard does; like the ordinal, it rises as
 * the system grows sure of a player. The API keeps the raw values beside it.
 */
export const DISPLAY_START = 1500;
/** Glicko's starting deviation (350) over OpenSkill's (25/3): one starting uncertainty is as wide on both scales. */
export const DISPLAY_PER_ORDINAL = 42;
export const DISPLAY_FLOOR = 100;
export const PROVISIONAL_GAMES = 5;

export interface DisplayRating {
  /** Whole points, at least DISPLAY_FLOOR. */
  display: number;
  /** Fewer than PROVISIONAL_GAMES rated games: shown with "?". */
  provisional: boolean;
}

export function displayValue(ordinal: number): number {
  return Math.max(DISPLAY_FLOOR, Math.round(DISPLAY_START + DISPLAY_PER_ORDINAL * ordinal));
}

export function displayRating(ordinal: number, games: number): DisplayRating {
  return { display: displayValue(ordinal), provisional: games < PROVISIONAL_GAMES };
}
