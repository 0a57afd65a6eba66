/** Test-only builders: a table with known hands, pile and deck, and shorthands for moves. */
import { CARD_COUNT, cardOf, type Colour } from './cards.js';
import { carExchangeGame as game } from './index.js';
import { carExchangeOptions } from './options.js';
import type { CarExchangeState, Pending } from './state.js';
import { engineHarness } from '../testing/engineHarness.js';

export interface TableSpec {
  hands: number[][];
  top: number;
  colour?: Colour | null;
  turn?: number;
  pending?: Pending | null;
  /** Next cards to be drawn, first drawn first; the rest of the deck follows in id order. */
  deckTop?: number[];
  /** Leave only deckTop in the deck; the other cards go under the discard pile. */
  shortDeck?: boolean;
  options?: Record<string, unknown>;
}

export function table(spec: TableSpec): CarExchangeState {
  const seats = spec.hands.length;
  const s = game.setup(carExchangeOptions.parse({ players: seats, ...spec.options }), seats, 1, 0);
  const deckTop = spec.deckTop ?? [];
  const used = new Set([...spec.hands.flat(), spec.top, ...deckTop]);
  if (used.size !== spec.hands.flat().length + 1 + deckTop.length) throw new Error('a card is used twice');
  const rest = Array.from({ length: CARD_COUNT }, (_, i) => i).filter((i) => !used.has(i));
  s.hands = spec.hands.map((h) => [...h]);
  s.tableaux = spec.hands.map(() => []);
  s.out = spec.hands.map(() => false);
  s.skips = spec.hands.map(() => 0);
  s.finishOrder = [];
  s.discard = spec.shortDeck ? [...rest, spec.top] : [spec.top];
  s.deck = [...(spec.shortDeck ? [] : rest), ...[...deckTop].reverse()];
  s.activeColour = spec.colour === undefined ? cardOf(spec.top).colour : spec.colour;
  s.turn = spec.turn ?? 0;
  s.firstSeat = s.turn;
  s.pending = spec.pending ?? null;
  s.turnDeadline = s.options.turnMs;
  s.talk = [];
  s.saidThisTurn = false;
  s.newCarWindow = null;
  s.exchange = null;
  return s;
}

export const { act, refusal, advance } = engineHarness<CarExchangeState>(game);

export const count = (s: CarExchangeState) =>
  s.deck.length + s.discard.length + s.hands.flat().length + s.tableaux.flat().length;
