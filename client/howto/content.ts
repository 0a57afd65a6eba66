/**
 * The how-to-play text of one game and variant, read from `rules_<gameId>` (client/i18n/locales):
 * the game's sections, each replaced by the variant's own version where the variant has one.
 */
import { findMeta as findGame } from '../../shared/games/catalogue.js';
import { i18n, language, t } from '../i18n/index.js';
import { rendererGames } from '../games/registry.js';

/** Every game with a client side (client/games/registry.ts) has its rules and pictures. */
export const HOWTO_GAMES: readonly string[] = rendererGames;
export type HowToGame = string;

/** The rule sections every game has, in reading order ('about' = what this variant changes, 'options' = host options). */
export const SECTIONS = ['about', 'goal', 'setup', 'turn', 'special', 'end', 'options'] as const;
export type SectionId = (typeof SECTIONS)[number];

export interface Section { id: SectionId; heading: string; lines: string[] }

export interface HowTo {
  game: HowToGame;
  variant: string;
  variants: { id: string; name: string }[];
  title: string;
  pitch: string;
  players: string | null;
  sections: Section[];
}

export function isHowToGame(id: unknown): id is HowToGame {
  return typeof id === 'string' && HOWTO_GAMES.includes(id);
}

/** The game's variants as the engine lists them; an unknown variant falls back to the default one. */
export function variantsOf(game: HowToGame): { list: readonly string[]; resolve(v: unknown): string } {
  const def = findGame(game);
  const list = def?.variants ?? ['classic'];
  return { list, resolve: (v) => (typeof v === 'string' && list.includes(v) ? v : def?.defaultVariant ?? list[0]) };
}

/** A resource in the current language, else English (arrays and strings both come back as lines). */
function lines(ns: string, path: string): string[] | null {
  const value: unknown = i18n.getResource(language(), ns, path) ?? i18n.getResource('en', ns, path);
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? [value] : null;
}

function players(game: HowToGame, variant: string): string | null {
  const def = findGame(game);
  const parsed = def?.optionsSchema.safeParse({ variant });
  if (!def || !parsed?.success) return null;
  const { min, max } = def.seatRange(parsed.data);
  return min === max ? t('howto:players_exact', { count: min }) : t('howto:players', { min, max });
}

export function howTo(game: HowToGame, variant?: string): HowTo {
  const ns = `rules_${game}`;
  const { list, resolve } = variantsOf(game);
  const v = resolve(variant);
  const sections: Section[] = [];
  for (const id of SECTIONS) {
    const text = id === 'about' ? lines(ns, `variants.${v}.about`)
      : id === 'options' ? lines(ns, 'options')
      : lines(ns, `variants.${v}.${id}`) ?? lines(ns, `sections.${id}`);
    if (text?.length) sections.push({ id, heading: t(`howto:section.${id}`), lines: text });
  }
  return {
    game,
    variant: v,
    variants: list.map((id) => ({ id, name: lines(ns, `variants.${id}.name`)?.[0] ?? id })),
    title: t(`${ns}:title`),
    pitch: t(`${ns}:pitch`),
    players: players(game, v),
    sections,
  };
}
