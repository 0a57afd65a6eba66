/**
 * "What to do first" for a newcomer: the first time a player sits at a game the hint is given,
 * afterwards never again for that game (remembered per game in this browser).
 */
import { i18n, t } from '../i18n/index.js';
import { isHowToGame } from './content.js';

const key = (game: string): string => `junction.firstHint.${game}`;

/**
 * The translated first hint on this browser's first visit to `game`, else null. Call once when
 * seated, after the game's texts have loaded (loadGameLocales): before that there is no hint to
 * give, and the visit is not counted.
 */
export function firstTimeHint(game: string): string | null {
  if (!isHowToGame(game) || !i18n.exists(`rules_${game}:first_hint`)) return null;
  try {
    if (localStorage.getItem(key(game)) !== null) return null;
    localStorage.setItem(key(game), '1');
  } catch {
    return null; // storage refused (private mode): better no hint than the same hint every time
  }
  return t(`rules_${game}:first_hint`);
}
