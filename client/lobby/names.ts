/** Game titles and variant names in the reader's language (lobby namespace), for every screen. */
import { i18n, t } from '../i18n/index.js';

/** The game's title in a given language (both are in the first load), whatever the page's language. */
export function gameTitleIn(lng: 'en' | 'fr', gameId: string): string {
  const text = String(i18n.getFixedT(lng)(`lobby:game.${gameId}.title` as never));
  return text.endsWith(`${gameId}.title`) ? gameId : text;
}

export function gameTitle(gameId: string): string {
  const key = `lobby:game.${gameId}.title`;
  const text = t(key);
  return text.endsWith(`${gameId}.title`) ? gameId : text;
}

export function variantName(gameId: string, variant: string): string {
  const key = `lobby:variant.${gameId}.${variant}`;
  const text = t(key);
  return text.endsWith(`${gameId}.${variant}`) ? variant.replace(/_/g, ' ') : text;
}
