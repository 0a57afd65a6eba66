/** Writes Car Exchange's views into its schema (server/state/carExchangeSchema.ts). */
import type { Card } from '../../shared/games/car_exchange/cards.js';
import type { CarExchangePublicView, CarExchangeSeatView } from '../../shared/games/car_exchange/views.js';
import { fromNull } from '../../shared/wire/contract.js';
import {
  CarExchangeExchangeState, CarExchangePendingState, CarExchangePlayerState, CarExchangeRowState, CarExchangeSeatState,
  CarExchangeTableState, CarExchangeTalkState, CarExchangeWindowState,
} from './carExchangeSchema.js';
import { defineMirror, unchanged } from './mirror.js';
import { syncItems, syncValues } from './sync.js';

const ids = (cards: readonly Card[]): number[] => cards.map((c) => c.id);

export const carExchangeMirror = defineMirror({
  createTable: () => new CarExchangeTableState(),
  writeTable(t: CarExchangeTableState, v: CarExchangePublicView) {
    t.phase = v.phase;
    t.round = v.round;
    t.targetScore = v.targetScore;
    t.rounds = v.rounds;
    t.timeLimitAt = fromNull(v.timeLimitAt);
    t.top = v.top ? v.top.id : -1;
    t.activeColour = v.activeColour ?? '';
    t.deck = v.deck;
    t.discard = v.discard;
    t.turn = v.turn;
    t.turnDeadline = fromNull(v.turnDeadline);
    const p = v.pending;
    if (!p) t.pending = undefined;
    else {
      const pending = t.pending ?? (t.pending = new CarExchangePendingState());
      if (!unchanged(pending, p)) {
        pending.kind = p.kind;
        pending.count = p.kind === 'service' ? p.count : p.kind === 'fine' ? p.cards : 0;
        syncValues(pending.chain, p.kind === 'fine' ? p.chain.map(fromNull) : []);
        pending.dealer = p.kind === 'dealerColour' ? p.dealer : -1;
      }
    }
    if (!v.newCarWindow) t.newCarWindow = undefined;
    else {
      const w = t.newCarWindow ?? (t.newCarWindow = new CarExchangeWindowState());
      w.seat = v.newCarWindow.seat;
      w.closesAt = fromNull(v.newCarWindow.closesAt);
    }
    if (!v.exchange) t.exchange = undefined;
    else {
      const e = t.exchange ?? (t.exchange = new CarExchangeExchangeState());
      e.by = v.exchange.by;
      e.target = v.exchange.target;
      e.closesAt = v.exchange.closesAt;
    }
    if (!unchanged(t.talk, v.talk)) syncItems(t.talk, v.talk, () => new CarExchangeTalkState(), (item, talk) => { item.seat = talk.seat; item.deadline = talk.deadline; });
    t.talking = v.talking;
    if (!unchanged(t.players, v.players)) syncItems(t.players, v.players, () => new CarExchangePlayerState(), (item, player) => {
      if (unchanged(item, player)) return;
      item.seat = player.seat;
      item.cards = player.cards;
      if (!unchanged(item.tableau, player.tableau)) syncValues(item.tableau, ids(player.tableau));
      item.out = player.out;
      item.place = fromNull(player.place);
      item.score = player.score;
      item.skips = player.skips;
    });
    if (!unchanged(t.finishOrder, v.finishOrder)) syncValues(t.finishOrder, v.finishOrder);
    if (!unchanged(t.history, v.history)) {
      syncItems(t.history, v.history, () => new CarExchangeRowState(), (row, values) => { if (!unchanged(row, values)) syncValues(row.values, values); });
    }
    t.nextRoundAt = fromNull(v.nextRoundAt);
  },
  createSeat: () => new CarExchangeSeatState(),
  writeSeat(s: CarExchangeSeatState, v: CarExchangeSeatView) {
    s.seat = v.seat;
    if (!unchanged(s.hand, v.hand)) syncValues(s.hand, ids(v.hand));
    syncValues(s.playable, v.playable);
    s.drawn = v.drawn ? v.drawn.id : -1;
    s.mustSay = v.mustSay;
    s.spokeThisTurn = v.spokeThisTurn;
  },
});
