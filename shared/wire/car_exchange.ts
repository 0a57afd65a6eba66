/** Car Exchange on the wire: cards by id (0..109, `cardOf`); hands only in their owner's seat view. */
import { cardOf, type Colour } from '../games/car_exchange/cards.js';
import type { CarExchangePublicView, CarExchangeSeatView, PublicPending } from '../games/car_exchange/views.js';
import { list, orNull, type ViewReader, type WireList } from './contract.js';

export interface CarExchangePendingWire {
  kind: string;
  /** service: how many in the chain; fine: cards to pay. */
  count: number;
  /** fine: who played each FINE, NULL_NUMBER for the opening one. */
  chain: WireList<number>;
  dealer: number;
}
export interface CarExchangeWindowWire { seat: number; closesAt: number }
export interface CarExchangeExchangeWire { by: number; target: number; closesAt: number }
export interface CarExchangeTalkWire { seat: number; deadline: number }
export interface CarExchangePlayerWire { seat: number; cards: number; tableau: WireList<number>; out: boolean; place: number; score: number; skips: number }
export interface CarExchangeRowWire { values: WireList<number> }

export interface CarExchangeTableWire {
  phase: string; round: number; targetScore: number; rounds: number; timeLimitAt: number;
  top: number; activeColour: string; deck: number; discard: number; turn: number; turnDeadline: number;
  pending?: CarExchangePendingWire; newCarWindow?: CarExchangeWindowWire; exchange?: CarExchangeExchangeWire;
  talk: WireList<CarExchangeTalkWire>; talking: boolean; players: WireList<CarExchangePlayerWire>;
  finishOrder: WireList<number>; history: WireList<CarExchangeRowWire>; nextRoundAt: number;
}

export interface CarExchangeSeatWire {
  seat: number; hand: WireList<number>; playable: WireList<number>; drawn: number; mustSay: boolean; spokeThisTurn: boolean;
}

function pendingOf(p: CarExchangePendingWire | undefined): PublicPending | null {
  if (!p) return null;
  switch (p.kind) {
    case 'service': return { kind: 'service', count: p.count };
    case 'fine': return { kind: 'fine', chain: list(p.chain).map(orNull), cards: p.count };
    case 'dealerColour': return { kind: 'dealerColour', dealer: p.dealer };
    case 'garage': return { kind: 'garage' };
    default: return { kind: 'drawn' };
  }
}

const cardOrNull = (id: number) => (id === -1 ? null : cardOf(id));

export const carExchangeReader: ViewReader<CarExchangePublicView, CarExchangeSeatView | null> = {
  publicView(wire) {
    const w = wire as CarExchangeTableWire;
    return {
      variant: 'classic', phase: w.phase as CarExchangePublicView['phase'], round: w.round, targetScore: w.targetScore,
      rounds: w.rounds, timeLimitAt: orNull(w.timeLimitAt), top: cardOrNull(w.top),
      activeColour: w.activeColour === '' ? null : w.activeColour as Colour, deck: w.deck, discard: w.discard,
      turn: w.turn, turnDeadline: orNull(w.turnDeadline), pending: pendingOf(w.pending),
      newCarWindow: w.newCarWindow ? { seat: w.newCarWindow.seat, closesAt: orNull(w.newCarWindow.closesAt) } : null,
      exchange: w.exchange ? { by: w.exchange.by, target: w.exchange.target, closesAt: w.exchange.closesAt } : null,
      talk: list(w.talk).map((t) => ({ seat: t.seat, deadline: t.deadline })), talking: w.talking,
      players: list(w.players).map((p) => ({
        seat: p.seat, cards: p.cards, tableau: list(p.tableau).map(cardOf), out: p.out, place: orNull(p.place), score: p.score, skips: p.skips,
      })),
      finishOrder: list(w.finishOrder), history: list(w.history).map((r) => list(r.values)), nextRoundAt: orNull(w.nextRoundAt),
    };
  },
  seatView(wire) {
    const w = wire as CarExchangeSeatWire | undefined;
    if (!w) return null;
    return {
      seat: w.seat, hand: list(w.hand).map(cardOf), playable: list(w.playable), drawn: cardOrNull(w.drawn),
      mustSay: w.mustSay, spokeThisTurn: w.spokeThisTurn,
    };
  },
};
