/** Writes Rush Hour's views into its schema (server/state/rushHourSchema.ts). */
import type { Card } from '../../shared/games/rush_hour/cards.js';
import type { RushHourOptions } from '../../shared/games/rush_hour/options.js';
import type { PublicPrompt, PublicRow, PublicStep, RushHourPublicView, RushHourSeatView } from '../../shared/games/rush_hour/views.js';
import { fromNull } from '../../shared/wire/contract.js';
import { defineMirror, unchanged } from './mirror.js';
import {
  RushHourPlayState, RushHourPlayerState, RushHourPromptState, RushHourRowState, RushHourSeatState, RushHourSlotState,
  RushHourStepState, RushHourTableState, RushHourTurnState,
} from './rushHourSchema.js';
import { syncItems, syncValues } from './sync.js';
import type { ArraySchema } from '@colyseus/schema';

const ids = (cards: readonly Card[]): number[] => cards.map((c) => c.id);

function syncRows(target: ArraySchema<RushHourRowState>, rows: readonly PublicRow[]): void {
  if (unchanged(target, rows)) return;
  syncItems(target, rows, () => new RushHourRowState(), (row, view) => {
    if (unchanged(row, view)) return;
    syncItems(row.slots, view.slots, () => new RushHourSlotState(), (slot, s) => {
      slot.free = 'free' in s;
      syncValues(slot.cards, 'cards' in s ? ids(s.cards) : []);
    });
    row.end = fromNull(view.end);
    row.open = view.open;
  });
}

function writeStep(t: RushHourStepState, s: PublicStep): void {
  t.kind = s.kind;
  t.seat = s.seat;
  t.row = s.row;
  t.card = s.kind === 'take' ? -1 : s.card.id;
  t.at = s.kind === 'place' ? s.at : '';
  syncValues(t.cards, s.kind === 'take' ? ids(s.cards) : []);
  t.points = s.kind === 'take' ? s.points : 0;
  t.reason = s.kind === 'take' ? s.reason : '';
  syncValues(t.loaded, s.kind === 'tow' ? ids(s.loaded) : []);
}

function writeOptions(o: RushHourTableState['options'], options: RushHourOptions): void {
  o.variant = options.variant;
  o.players = options.players;
  o.maxNumber = options.maxNumber;
  o.handSize = options.handSize;
  o.rows = options.rows;
  o.noSpecials = options.noSpecials;
  o.noHeavyJam = options.noHeavyJam;
  o.noTooSmallPenalty = options.noTooSmallPenalty;
  o.trailerNumbers = options.trailerNumbers;
  o.trailerPoints = options.trailerPoints;
  o.deals = options.deals;
  o.pickMs = options.pickMs;
  o.choiceMs = options.choiceMs;
}

function writePrompt(prompt: RushHourPromptState, p: PublicPrompt): void {
  prompt.kind = p.kind;
  prompt.special = p.kind === 'group' ? p.special : '';
  syncValues(prompt.seats, p.kind === 'group' ? p.seats : []);
  syncValues(prompt.chosen, p.kind === 'group' ? p.chosen : []);
  prompt.deadline = p.deadline;
  prompt.seat = p.kind === 'card' ? p.seat : 0;
  prompt.card = p.kind === 'card' ? p.card.id : -1;
  prompt.mode = p.kind === 'card' ? p.mode : '';
  syncValues(prompt.rows, p.kind === 'card' ? p.rows : []);
}

export const rushHourMirror = defineMirror({
  createTable: () => new RushHourTableState(),
  writeTable(t: RushHourTableState, v: RushHourPublicView) {
    if (!unchanged(t.options, v.options)) writeOptions(t.options, v.options);
    t.phase = v.phase;
    t.deal = v.deal;
    t.turn = v.turn;
    t.lead = v.lead;
    syncValues(t.priority, v.priority);
    t.pickDeadline = fromNull(v.pickDeadline);
    if (!v.prompt) t.prompt = undefined;
    else {
      const prompt = t.prompt ?? (t.prompt = new RushHourPromptState());
      if (!unchanged(prompt, v.prompt)) writePrompt(prompt, v.prompt);
    }
    syncRows(t.rows, v.rows);
    if (!unchanged(t.players, v.players)) syncItems(t.players, v.players, () => new RushHourPlayerState(), (item, player) => {
      if (unchanged(item, player)) return;
      item.seat = player.seat;
      item.handCount = player.handCount;
      item.picked = player.picked;
      syncValues(item.pile, ids(player.pile));
      item.points = player.points;
      item.cardsTaken = player.cardsTaken;
    });
    const last = v.lastTurn;
    if (!last) t.lastTurn = undefined;
    else {
      const turn = t.lastTurn ?? (t.lastTurn = new RushHourTurnState());
      if (!unchanged(turn, last)) {
        turn.deal = last.deal;
        turn.turn = last.turn;
        syncItems(turn.revealed, last.revealed, () => new RushHourPlayState(), (item, r) => { item.seat = r.seat; item.card = r.card.id; });
        syncRows(turn.rowsBefore, last.rowsBefore);
        syncItems(turn.steps, last.steps, () => new RushHourStepState(), (item, step) => { if (!unchanged(item, step)) writeStep(item, step); });
        syncValues(turn.timedOut, last.timedOut);
      }
    }
    t.over = v.over;
  },
  createSeat: () => new RushHourSeatState(),
  writeSeat(s: RushHourSeatState, v: RushHourSeatView) {
    if (unchanged(s, v)) return;
    s.seat = v.seat;
    syncValues(s.hand, ids(v.hand));
    s.pick = v.pick ? v.pick.id : -1;
    s.secretRow = fromNull(v.secretRow);
    syncValues(s.canChoose, v.canChoose);
  },
});
