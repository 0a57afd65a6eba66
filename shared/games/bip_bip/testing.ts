/** Test-only builders for Bip! Bip! (imported by *.test.ts only). */
import { parseBoard } from './board.js';
import { DECK, type Family } from './cards.js';
import { bipBipGame as game } from './index.js';
import { bipOptions } from './options.js';
import type { BipState } from './state.js';
import { engineHarness } from '../testing/engineHarness.js';

/** The id of the card with this family and code, e.g. card('L', 'RB/Y.'). */
export function card(family: Family, code: string): number {
  const found = DECK.find((c) => c.family === family && c.code === code);
  if (!found) throw new Error(`no card ${family} ${code}`);
  return found.id;
}

export interface TableSpec {
  /** Rows 1–4 as in RULES-NOTES 4.6 ('.' = empty; missing rows empty). */
  board: string[];
  hands: number[][];
  options?: Record<string, unknown>;
}

/** A round in play at time 0 with this board and these hands; nothing else pending. */
export function table(t: TableSpec): BipState {
  const o = bipOptions.parse({ players: t.hands.length, countdownMs: 0, ...t.options });
  const s = structuredClone(game.setup(o, t.hands.length, 1, 0));
  s.board = parseBoard(...t.board);
  s.hands = t.hands.map((h) => [...h]);
  const used = new Set(t.hands.flat());
  s.aside = DECK.map((c) => c.id).filter((id) => id < 40 && !used.has(id));
  s.expertPile = DECK.map((c) => c.id).filter((id) => id >= 40 && !used.has(id));
  s.phase = 'play';
  return s;
}

export const { act, refusal, advance } = engineHarness<BipState>(game);

/** Intersection index from its name: 'a1' = 0, 'd4' = 15. */
export const at = (name: string): number => (Number(name[1]) - 1) * 4 + 'abcd'.indexOf(name[0]);
export const step = (from: string, to: string, seen?: number) => ({ type: 'move', from: at(from), to: at(to), ...(seen === undefined ? {} : { seen }) });
export const bip = (cardId: number, cars?: string[], seen?: number) =>
  ({ type: 'claim', card: cardId, ...(cars ? { cars: cars.map(at) } : {}), ...(seen === undefined ? {} : { seen }) });
