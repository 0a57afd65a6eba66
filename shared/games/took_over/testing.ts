/** Test-only builders for Took Over! (imported by *.test.ts only). */
import { carCard, trailerCard, type NumberedCard } from '../trafficcars_deck/cards.js';
import { tookOverGame as game } from './index.js';
import { tookOverOptions } from './options.js';
import type { LatestPlacement, TookOverState } from './state.js';
import { engineHarness } from '../testing/engineHarness.js';

/** A card by its number; 'T8' is the Trailer numbered 8 (default 'shared' numbering). */
export type Spec = number | `T${number}`;
export const card = (spec: Spec): NumberedCard =>
  typeof spec === 'number' ? carCard(spec) : trailerCard(Number(spec.slice(1)) / 4, 'shared');
export const cards = (...specs: Spec[]): NumberedCard[] => specs.map(card);
export const ids = (...specs: Spec[]): string[] => specs.map((x) => card(x).id);

export interface TableSpec {
  line: Spec[];
  hands: Spec[][];
  stacks?: Spec[][];
  active?: number;
  /** The latest placement open to a take-over: the line's first ('left') or last ('right') card. */
  latest?: 'left' | 'right';
  options?: Record<string, unknown>;
}

/** A hand-made table at time 0: the pace has run out, nothing else is in play. */
export function table(t: TableSpec): TookOverState {
  const o = tookOverOptions.parse({ players: t.hands.length, ...t.options });
  const s = structuredClone(game.setup(o, t.hands.length, 1, 0));
  s.line = cards(...t.line);
  s.hands = t.hands.map((h) => cards(...h));
  s.stacks = (t.stacks ?? t.hands.map(() => [])).map((st) => cards(...st));
  s.aside = [];
  s.discard = [];
  s.active = t.active ?? 0;
  s.passes = 0;
  const latestCard = t.latest === 'left' ? s.line[0] : t.latest === 'right' ? s.line[s.line.length - 1] : undefined;
  s.latest = latestCard && t.latest ? ({ id: latestCard.id, side: t.latest, at: 0 } satisfies LatestPlacement) : null;
  s.paceUntil = 0;
  s.idleUntil = o.idleMs;
  return s;
}

export const { act, refusal, advance } = engineHarness<TookOverState>(game);

export const values = (list: readonly NumberedCard[]): number[] => list.map((c) => c.value);
export const place = (n: Spec) => ({ type: 'place', card: card(n).id });
export const takeOver = (...n: Spec[]) => ({ type: 'takeOver', cards: ids(...n) });
