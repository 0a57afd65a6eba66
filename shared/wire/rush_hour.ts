/**
 * Rush Hour on the wire: cards by id (0..73; a Trailer's number follows the table's
 * `trailerNumbers`), rows as slots of card ids. Picks and secret rows only in their owner's view.
 */
import { cardOf, type Card, type DeckRules } from '../games/rush_hour/cards.js';
import type { RushHourOptions } from '../games/rush_hour/options.js';
import type { CardMode, SpecialKind } from '../games/rush_hour/state.js';
import type {
  PublicPrompt, PublicRow, PublicStep, RushHourPublicView, RushHourSeatView,
} from '../games/rush_hour/views.js';
import { list, orNull, type ViewReader, type WireList } from './contract.js';

export interface RushHourOptionsWire {
  variant: string; players: number; maxNumber: number; handSize: number; rows: number;
  noSpecials: boolean; noHeavyJam: boolean; noTooSmallPenalty: boolean;
  trailerNumbers: string; trailerPoints: number; deals: number; pickMs: number; choiceMs: number;
}
export interface RushHourSlotWire { free: boolean; cards: WireList<number> }
export interface RushHourRowWire { slots: WireList<RushHourSlotWire>; end: number; open: boolean }
/** One resolution step; which fields count depends on `kind` (place, take, tow). */
export interface RushHourStepWire {
  kind: string; seat: number; card: number; row: number; at: string;
  cards: WireList<number>; points: number; reason: string; loaded: WireList<number>;
}
export interface RushHourPlayWire { seat: number; card: number }
export interface RushHourTurnWire {
  deal: number; turn: number; revealed: WireList<RushHourPlayWire>; rowsBefore: WireList<RushHourRowWire>;
  steps: WireList<RushHourStepWire>; timedOut: WireList<number>;
}
/** A row choice asked of players: a group of specials or one card. */
export interface RushHourPromptWire {
  kind: string; special: string; seats: WireList<number>; chosen: WireList<boolean>; deadline: number;
  seat: number; card: number; mode: string; rows: WireList<number>;
}
export interface RushHourPlayerWire { seat: number; handCount: number; picked: boolean; pile: WireList<number>; points: number; cardsTaken: number }

export interface RushHourTableWire {
  options: RushHourOptionsWire; phase: string; deal: number; turn: number; lead: number;
  priority: WireList<number>; pickDeadline: number; prompt?: RushHourPromptWire;
  rows: WireList<RushHourRowWire>; players: WireList<RushHourPlayerWire>; lastTurn?: RushHourTurnWire; over: boolean;
}

export interface RushHourSeatWire {
  seat: number; hand: WireList<number>; pick: number; secretRow: number; canChoose: WireList<number>;
}

function optionsOf(o: RushHourOptionsWire): RushHourOptions {
  return {
    variant: o.variant as RushHourOptions['variant'], players: o.players, maxNumber: o.maxNumber as RushHourOptions['maxNumber'],
    handSize: o.handSize as RushHourOptions['handSize'], rows: o.rows as RushHourOptions['rows'], noSpecials: o.noSpecials,
    noHeavyJam: o.noHeavyJam, noTooSmallPenalty: o.noTooSmallPenalty, trailerNumbers: o.trailerNumbers as RushHourOptions['trailerNumbers'],
    trailerPoints: o.trailerPoints as RushHourOptions['trailerPoints'], deals: o.deals, pickMs: o.pickMs, choiceMs: o.choiceMs,
  };
}

function rowOf(r: RushHourRowWire, card: (id: number) => Card): PublicRow {
  return {
    slots: list(r.slots).map((s) => (s.free ? { free: true } : { cards: list(s.cards).map(card) })),
    end: orNull(r.end), open: r.open,
  };
}

function stepOf(s: RushHourStepWire, card: (id: number) => Card): PublicStep {
  if (s.kind === 'take') {
    return { kind: 'take', seat: s.seat, row: s.row, cards: list(s.cards).map(card), points: s.points, reason: s.reason as 'jam' };
  }
  if (s.kind === 'tow') return { kind: 'tow', seat: s.seat, card: card(s.card), row: s.row, loaded: list(s.loaded).map(card) };
  return { kind: 'place', seat: s.seat, card: card(s.card), row: s.row, at: s.at as 'end' };
}

function promptOf(p: RushHourPromptWire | undefined, card: (id: number) => Card): PublicPrompt | null {
  if (!p) return null;
  if (p.kind === 'group') {
    return { kind: 'group', special: p.special as SpecialKind, seats: list(p.seats), chosen: list(p.chosen), deadline: p.deadline };
  }
  return { kind: 'card', seat: p.seat, card: card(p.card), mode: p.mode as CardMode, rows: list(p.rows), deadline: p.deadline };
}

const cardReader = (rules: DeckRules) => (id: number) => cardOf(id, rules);

export const rushHourReader: ViewReader<RushHourPublicView, RushHourSeatView | null> = {
  publicView(wire) {
    const w = wire as RushHourTableWire;
    const options = optionsOf(w.options);
    const card = cardReader(options);
    const t = w.lastTurn;
    return {
      options, phase: w.phase as RushHourPublicView['phase'], deal: w.deal, turn: w.turn, lead: w.lead,
      priority: list(w.priority), pickDeadline: orNull(w.pickDeadline), prompt: promptOf(w.prompt, card),
      rows: list(w.rows).map((r) => rowOf(r, card)),
      players: list(w.players).map((p) => ({
        seat: p.seat, handCount: p.handCount, picked: p.picked, pile: list(p.pile).map(card), points: p.points, cardsTaken: p.cardsTaken,
      })),
      lastTurn: t ? {
        deal: t.deal, turn: t.turn, revealed: list(t.revealed).map((r) => ({ seat: r.seat, card: card(r.card) })),
        rowsBefore: list(t.rowsBefore).map((r) => rowOf(r, card)), steps: list(t.steps).map((s) => stepOf(s, card)),
        timedOut: list(t.timedOut),
      } : null,
      over: w.over,
    };
  },
  seatView(wire, table) {
    const w = wire as RushHourSeatWire | undefined;
    if (!w) return null;
    const card = cardReader(optionsOf((table as RushHourTableWire).options));
    return {
      seat: w.seat, hand: list(w.hand).map(card), pick: w.pick === -1 ? null : card(w.pick),
      secretRow: orNull(w.secretRow), canChoose: list(w.canChoose),
    };
  },
};
