/**
 * PLACEHOLDER so the table frame compiles: the rules helper builds the real first-time hint at
 * this path (it replaces this file at merge). Returns the hint to show the first time a player
 * sits at this game, or null.
 */
export function firstTimeHint(_game: string): string | null {
  return null;
}
