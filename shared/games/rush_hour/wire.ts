/**
 * Rush Hour on the wire: cards by id (0..73; a Trailer's number follows the table's
 * `trailerNumbers`), rows as slots of card ids. Picks and secret rows only in their owner's seat part.
 */
import { declareWire, f, type ReadContext } from '../../wire/declare.js';
import { cardOf, type Card, type DeckRules } from './cards.js';
import type { RushHourOptions } from './options.js';
import type {
  PublicPlayer, PublicPrompt, PublicRow, PublicSlot, PublicStep, PublicTurn, RushHourPublicView, RushHourSeatView,
} from './views.js';

/** The table's options part holds `trailerNumbers` and `trailerPoints`, which is all a card's face needs. */
const rulesOf = (ctx: ReadContext): DeckRules => ctx.table.options as DeckRules;
const cardId = (c: Card): number => c.id;
const card = f.mapped<Card, number>(f.uint8, cardId, (id, ctx) => cardOf(id, rulesOf(ctx)));
/** A card or none (-1). */
const cardOrNone = f.nullable(f.mapped<Card, number>(f.int8, cardId, (id, ctx) => cardOf(id, rulesOf(ctx))));

const options = f.struct<RushHourOptions>('RushHourOptions', {
  variant: f.literal<RushHourOptions['variant']>(),
  players: f.uint8,
  maxNumber: f.oneOf<RushHourOptions['maxNumber']>(f.uint8),
  handSize: f.oneOf<RushHourOptions['handSize']>(f.uint8),
  rows: f.oneOf<RushHourOptions['rows']>(f.uint8),
  noSpecials: f.boolean,
  noHeavyJam: f.boolean,
  noTooSmallPenalty: f.boolean,
  trailerNumbers: f.literal<RushHourOptions['trailerNumbers']>(),
  trailerPoints: f.oneOf<RushHourOptions['trailerPoints']>(f.uint8),
  deals: f.uint8,
  pickMs: f.number,
  choiceMs: f.number,
});

const slot = f.struct<PublicSlot, { free: boolean; cards: Card[] }>('RushHourSlot', { free: f.boolean, cards: f.list(card) }, {
  encode: (s) => ({ free: 'free' in s, cards: 'cards' in s ? s.cards : [] }),
  decode: (w) => (w.free ? { free: true } : { cards: w.cards }),
});

const row = f.struct<PublicRow>('RushHourRow', { slots: f.list(slot), end: f.nullable(f.int16), open: f.boolean });

type Step<K extends PublicStep['kind']> = Extract<PublicStep, { kind: K }>;

/** One resolution step; which fields count depends on `kind` (place, take, tow). */
interface StepWire {
  kind: PublicStep['kind']; seat: number; card: Card | null; row: number; at: Step<'place'>['at'] | '';
  cards: Card[]; points: number; reason: Step<'take'>['reason'] | ''; loaded: Card[];
}

const step = f.struct<PublicStep, StepWire>('RushHourStep', {
  kind: f.literal<PublicStep['kind']>(),
  seat: f.uint8,
  card: cardOrNone,
  row: f.uint8,
  at: f.literal<StepWire['at']>(),
  cards: f.list(card),
  points: f.uint16,
  reason: f.literal<StepWire['reason']>(),
  loaded: f.list(card),
}, {
  encode: (s) => ({
    kind: s.kind, seat: s.seat, card: s.kind === 'take' ? null : s.card, row: s.row, at: s.kind === 'place' ? s.at : '',
    cards: s.kind === 'take' ? s.cards : [], points: s.kind === 'take' ? s.points : 0, reason: s.kind === 'take' ? s.reason : '',
    loaded: s.kind === 'tow' ? s.loaded : [],
  }),
  decode(w): PublicStep {
    if (w.kind === 'take') return { kind: 'take', seat: w.seat, row: w.row, cards: w.cards, points: w.points, reason: w.reason as Step<'take'>['reason'] };
    if (w.kind === 'tow') return { kind: 'tow', seat: w.seat, card: w.card!, row: w.row, loaded: w.loaded };
    return { kind: 'place', seat: w.seat, card: w.card!, row: w.row, at: w.at as Step<'place'>['at'] };
  },
});

const turn = f.struct<PublicTurn>('RushHourTurn', {
  deal: f.uint8,
  turn: f.uint8,
  revealed: f.list(f.struct<PublicTurn['revealed'][number]>('RushHourPlay', { seat: f.uint8, card })),
  rowsBefore: f.list(row),
  steps: f.list(step),
  timedOut: f.list(f.uint8),
});

type Prompt<K extends PublicPrompt['kind']> = Extract<PublicPrompt, { kind: K }>;

/** A row choice asked of players: a group of specials or one card. */
interface PromptWire {
  kind: PublicPrompt['kind']; special: Prompt<'group'>['special'] | ''; seats: number[]; chosen: boolean[]; deadline: number;
  seat: number; card: Card | null; mode: Prompt<'card'>['mode'] | ''; rows: number[];
}

const prompt = f.struct<PublicPrompt, PromptWire>('RushHourPrompt', {
  kind: f.literal<PublicPrompt['kind']>(),
  special: f.literal<PromptWire['special']>(),
  seats: f.list(f.uint8),
  chosen: f.list(f.boolean),
  deadline: f.number,
  seat: f.uint8,
  card: cardOrNone,
  mode: f.literal<PromptWire['mode']>(),
  rows: f.list(f.uint8),
}, {
  encode: (p) => ({
    kind: p.kind, special: p.kind === 'group' ? p.special : '', seats: p.kind === 'group' ? p.seats : [],
    chosen: p.kind === 'group' ? p.chosen : [], deadline: p.deadline, seat: p.kind === 'card' ? p.seat : 0,
    card: p.kind === 'card' ? p.card : null, mode: p.kind === 'card' ? p.mode : '', rows: p.kind === 'card' ? p.rows : [],
  }),
  decode(w): PublicPrompt {
    if (w.kind === 'group') {
      return { kind: 'group', special: w.special as Prompt<'group'>['special'], seats: w.seats, chosen: w.chosen, deadline: w.deadline };
    }
    return { kind: 'card', seat: w.seat, card: w.card!, mode: w.mode as Prompt<'card'>['mode'], rows: w.rows, deadline: w.deadline };
  },
});

const player = f.struct<PublicPlayer>('RushHourPlayer', {
  seat: f.uint8,
  handCount: f.uint8,
  picked: f.boolean,
  pile: f.list(card),
  points: f.uint16,
  cardsTaken: f.uint16,
});

export const rushHourWire = declareWire('rush_hour', {
  table: f.struct<RushHourPublicView>('RushHourTable', {
    options,
    phase: f.literal<RushHourPublicView['phase']>(),
    deal: f.uint8,
    turn: f.uint8,
    lead: f.uint8,
    priority: f.list(f.uint8),
    pickDeadline: f.nullable(f.number),
    prompt: f.optional(prompt),
    rows: f.list(row),
    players: f.list(player),
    lastTurn: f.optional(turn),
    over: f.boolean,
  }),
  seat: f.struct<RushHourSeatView>('RushHourSeat', {
    seat: f.uint8,
    hand: f.list(card),
    pick: cardOrNone,
    secretRow: f.nullable(f.int8),
    canChoose: f.list(f.uint8),
  }),
});
