/** Game titles and variant names in the reader's language (lobby namespace), for every screen. */
import { t } from '../i18n/index.js';

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
