/**
 * Which games share a rating (docs/architecture.md "Ratings"). A rating is kept per game, and per
 * variant family where the rules differ enough that skill at one says little about the other:
 * - Railway Madness: every variant is its own family (Training's single-type locomotives, Juniors'
 *   open cards, Express's exactly-one-feature links and the two-player Longest Train are different
 *   games of skill).
 * - Rush Hour: the kids' options change the scoring, so `kids` is rated apart from `classic`.
 * - Bip! Bip!: one round or three rounds is the same game: one rating.
 * - Every other game has one variant: one rating.
 */
const PER_VARIANT: Record<string, 'all' | readonly string[]> = {
  railway_madness: 'all',
  rush_hour: ['kids'],
};

/** The key ratings are stored under: the game id, or `game:variant` for a family of its own. */
export function ratingKey(game: string, variant: string): string {
  const split = PER_VARIANT[game];
  if (split === 'all' || (split && split.includes(variant))) return `${game}:${variant}`;
  return game;
}

/** The families a game's leaderboards are kept under (for the leaderboard screen's picker). */
export function ratingKeysOf(game: string, variants: readonly string[]): string[] {
  return [...new Set(variants.map((v) => ratingKey(game, v)))];
}
