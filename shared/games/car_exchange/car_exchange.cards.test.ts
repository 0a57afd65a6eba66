/** Components, setup, matching, SERVICE, FINE, PAINT SHOP and GARAGE (RULES-NOTES 2.1–2.5, 2.9). */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../random.js';
import { CARD_COUNT, carId, cardOf, exchangeId, fineId, garageId, newCarId, paintId, serviceId, type CardKind } from './cards.js';
import { act, advance, count, refusal, table } from './fixtures.js';
import { carExchangeGame as game } from './index.js';
import { carExchangeOptions } from './options.js';

const red = (v: number, copy = 0) => carId('red', v, copy);
const blue = (v: number, copy = 0) => carId('blue', v, copy);
const green = (v: number, copy = 0) => carId('green', v, copy);
const yellow = (v: number, copy = 0) => carId('yellow', v, copy);

function seedWithOpening(kind: CardKind, seats = 4) {
  for (let seed = 1; seed < 5000; seed++) {
    const s = game.setup(carExchangeOptions.parse({ players: seats }), seats, seed, 0);
    if (cardOf(s.discard[0]).kind === kind) return s;
  }
  throw new Error(`no opening ${kind}`);
}

describe('components and setup (RULES-NOTES 2.1, 2.2)', () => {
  it('the deck has 110 cards: 72 Cars 1–9 in four colours, 8 Services, 8 Fines, 8 Paint Shops, 8 Garages, 4 Car Exchanges, 2 New Cars', () => {
    const cards = Array.from({ length: CARD_COUNT }, (_, i) => cardOf(i));
    const kinds = (k: CardKind) => cards.filter((c) => c.kind === k).length;
    expect([kinds('car'), kinds('service'), kinds('fine'), kinds('paint'), kinds('garage'), kinds('exchange'), kinds('newCar')]).toEqual([72, 8, 8, 8, 8, 4, 2]);
    expect(new Set(cards.filter((c) => c.kind === 'car').map((c) => `${c.colour}${c.value}`)).size).toBe(36);
  });

  it('each player is dealt six cards and one card starts the discard pile', () => {
    const s = game.setup(carExchangeOptions.parse({ players: 5 }), 5, 9, 0);
    expect(s.hands.map((h) => h.length)).toEqual([6, 6, 6, 6, 6]);
    expect(s.discard).toHaveLength(1);
    expect(count(s)).toBe(110);
  });

  it('an opening New Car or Car Exchange goes back into the deck and another card is turned', () => {
    let checked = 0;
    for (let seed = 1; seed < 400; seed++) {
      // Replay the deal to see which card would have been turned first.
      const rng = new Rng(seed);
      rng.int(4);
      const deck = rng.shuffle(Array.from({ length: CARD_COUNT }, (_, i) => i));
      const firstTurned = deck[deck.length - 1 - 24];
      const s = game.setup(carExchangeOptions.parse({ players: 4 }), 4, seed, 0);
      const opening = cardOf(s.discard[0]).kind;
      expect(opening === 'newCar' || opening === 'exchange').toBe(false);
      if (cardOf(firstTurned).kind === 'newCar' || cardOf(firstTurned).kind === 'exchange') {
        checked++;
        expect(s.discard[0]).not.toBe(firstTurned);
        expect(s.deck).toContain(firstTurned);
        expect(count(s)).toBe(110);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('the first seat is random and moves one seat clockwise each round', () => {
    const firsts = new Set(Array.from({ length: 40 }, (_, seed) => game.setup(carExchangeOptions.parse({ players: 4 }), 4, seed, 0).firstSeat));
    expect(firsts.size).toBe(4);
    let s = table({ hands: [[red(1)], [red(2), red(3)]], top: red(5), turn: 0, options: { roundPauseMs: 1000 } });
    const first = s.firstSeat;
    s = act(s, 0, { type: 'play', card: red(1) }).state;
    s = advance(s, 100 + 3000).state;
    expect(s.phase).toBe('roundOver');
    s = advance(s, 100 + 3000 + 1000).state;
    expect(s.round).toBe(2);
    expect(s.firstSeat).toBe((first + 1) % 2);
    expect(s.turn).toBe(s.firstSeat);
  });

  it('an opening Fine: the first player faces two penalty cards from the deck and may counter', () => {
    const s = seedWithOpening('fine');
    expect(s.pending).toEqual({ kind: 'fine', chain: [null] });
    const before = s.hands[s.turn].length;
    const deck = s.deck.length;
    const after = act(s, s.turn, { type: 'accept' }).state;
    expect(after.hands[s.turn].length).toBe(before + 2);
    expect(after.deck.length).toBe(deck - 2);
    expect(after.turn).toBe((s.turn + 1) % 4);
  });

  it('an opening Service: the first player faces it', () => {
    const s = seedWithOpening('service');
    expect(s.pending).toEqual({ kind: 'service', count: 1 });
    const after = act(s, s.turn, { type: 'accept' }).state;
    expect(after.turn).toBe((s.turn + 1) % 4);
    expect(after.hands[s.turn]).toHaveLength(6);
  });

  it('an opening Paint Shop: the dealer (seat before the first player) names the colour, then the first player follows it', () => {
    const s = seedWithOpening('paint');
    const dealer = (s.turn + 3) % 4;
    expect(s.pending).toEqual({ kind: 'dealerColour', dealer });
    expect(game.activeSeats(s)).toEqual([dealer]);
    expect(refusal(s, s.turn, { type: 'draw' }).code).toBe('dealer_colour');
    expect(refusal(s, (dealer + 2) % 4, { type: 'colour', colour: 'green' }).code).toBe('not_dealer');
    const after = act(s, dealer, { type: 'colour', colour: 'green' }).state;
    expect(after.activeColour).toBe('green');
    expect(game.activeSeats(after)).toEqual([s.turn]);
  });

  it('an opening Paint Shop whose dealer stays silent gets a colour when the clock runs out', () => {
    const s = seedWithOpening('paint');
    const after = advance(s, s.turnDeadline!).state;
    expect(after.pending).toBe(null);
    expect(after.activeColour).not.toBe(null);
    expect(after.turn).toBe(s.turn);
  });

  it('opening Garage (2.9 #6): a first player with no Car draws one and the next player must play Cars', () => {
    let s = table({ hands: [[fineId('red'), paintId()], [blue(2), blue(7), red(4)], [green(1)]], top: garageId(), colour: null, pending: { kind: 'garage' } });
    expect(refusal(s, 0, { type: 'fine', card: fineId('red'), target: 1 }).code).toBe('garage_pending');
    expect(refusal(s, 0, { type: 'paint', card: paintId(), colour: 'red' }).code).toBe('garage_pending');
    s = act(s, 0, { type: 'draw' }).state;
    expect(s.hands[0]).toHaveLength(3);
    expect(s.turn).toBe(1);
    expect(s.pending).toEqual({ kind: 'garage' });
    expect(refusal(s, 1, { type: 'draw' }).code).toBe('garage_pending_car');
    expect(refusal(s, 1, { type: 'garage', cars: [blue(2), red(4)] }).code).toBe('mixed_colours');
    s = act(s, 1, { type: 'garage', cars: [blue(7), blue(2)] }).state;
    expect(s.pending).toBe(null);
    expect(cardOf(s.discard[s.discard.length - 1])).toMatchObject({ colour: 'blue', value: 2 });
    expect(s.activeColour).toBe('blue');
  });

  it('an opening Garage is also finished by a single Car of any colour', () => {
    const s = table({ hands: [[yellow(3), red(1)], [blue(2)]], top: garageId(), colour: null, pending: { kind: 'garage' } });
    const after = act(s, 0, { type: 'play', card: yellow(3) }).state;
    expect(after.activeColour).toBe('yellow');
    expect(after.pending).toBe(null);
  });
});

describe('playing and drawing (RULES-NOTES 2.3)', () => {
  it('a Car plays on the same colour or the same value, and is refused otherwise', () => {
    const s = table({ hands: [[red(3), blue(5), blue(6)], [green(1)]], top: red(5) });
    expect(act(s, 0, { type: 'play', card: red(3) }).state.activeColour).toBe('red');
    const onValue = act(s, 0, { type: 'play', card: blue(5) }).state;
    expect(onValue.activeColour).toBe('blue');
    expect(onValue.turn).toBe(1);
    expect(refusal(s, 0, { type: 'play', card: blue(6) }).code).toBe('no_match');
  });

  it('a special card plays on anything when no penalty is pending', () => {
    const s = table({ hands: [[paintId(), garageId(), blue(1), exchangeId(), newCarId()], [green(1)]], top: red(5) });
    expect(act(s, 0, { type: 'paint', card: paintId(), colour: 'yellow' }).state.activeColour).toBe('yellow');
    expect(act(s, 0, { type: 'garage', card: garageId(), cars: [blue(1)] }).state.activeColour).toBe('blue');
    expect(act(s, 0, { type: 'exchange', card: exchangeId(), mode: 'fly' }).state.tableaux[0]).toEqual([exchangeId()]);
    expect(act(s, 0, { type: 'newCar', card: newCarId() }).state.tableaux[0]).toEqual([newCarId()]);
  });

  it('only the player on turn may play, and only cards they hold', () => {
    const s = table({ hands: [[red(3)], [red(4)]], top: red(5) });
    expect(refusal(s, 1, { type: 'play', card: red(4) }).code).toBe('not_your_turn');
    expect(refusal(s, 0, { type: 'play', card: red(4) }).code).toBe('not_in_hand');
  });

  it('drawing a card, wanted or needed, ends the turn', () => {
    const s = table({ hands: [[red(3)], [red(4)]], top: red(5), deckTop: [green(9)] });
    const { state, events } = act(s, 0, { type: 'draw' });
    expect(state.hands[0]).toEqual([red(3), green(9)]);
    expect(state.turn).toBe(1);
    expect(events.find((e) => e.type === 'received')?.to).toEqual([0]);
  });

  it('with playDrawn, the drawn card may be played at once if legal, or kept with pass', () => {
    const s = table({ hands: [[green(3)], [red(4)]], top: red(5), deckTop: [red(8), blue(1)], options: { playDrawn: true } });
    const drew = act(s, 0, { type: 'draw' }).state;
    expect(drew.turn).toBe(0);
    expect(drew.pending).toEqual({ kind: 'drawn', card: red(8) });
    expect(game.seatView(drew, 0, 0).drawn?.id).toBe(red(8));
    expect(game.publicView(drew, 0).pending).toEqual({ kind: 'drawn' });
    expect(refusal(drew, 0, { type: 'play', card: green(3) }).code).toBe('drawn_only');
    expect(act(drew, 0, { type: 'play', card: red(8) }).state.turn).toBe(1);
    expect(act(drew, 0, { type: 'pass' }).state.turn).toBe(1);
    // An unplayable drawn card also waits for `pass`, so the table cannot tell whether it matched.
    const s2 = table({ hands: [[green(3)], [red(4)]], top: red(5), deckTop: [blue(1)], options: { playDrawn: true } });
    const unplayable = act(s2, 0, { type: 'draw' }).state;
    expect(game.publicView(unplayable, 0).pending).toEqual({ kind: 'drawn' });
    expect(game.seatView(unplayable, 0, 0).playable).toEqual([]);
    expect(refusal(unplayable, 0, { type: 'play', card: blue(1) }).code).toBe('no_match');
    expect(act(unplayable, 0, { type: 'pass' }).state.turn).toBe(1);
    expect(advance(unplayable, unplayable.turnDeadline!).state.turn).toBe(1);
  });

  it('without playDrawn, drawing a playable card still ends the turn', () => {
    const s = table({ hands: [[green(3)], [red(4)]], top: red(5), deckTop: [red(8)] });
    expect(act(s, 0, { type: 'draw' }).state.turn).toBe(1);
  });
});

describe('SERVICE (RULES-NOTES 2.4)', () => {
  it('a Service makes the next player skip their turn and draw nothing', () => {
    let s = table({ hands: [[serviceId('red'), red(1)], [blue(1), blue(2)], [green(2), red(2)]], top: red(5) });
    s = act(s, 0, { type: 'play', card: serviceId('red') }).state;
    expect(s.pending).toEqual({ kind: 'service', count: 1 });
    expect(refusal(s, 1, { type: 'draw' }).code).toBe('penalty_pending');
    s = act(s, 1, { type: 'accept' }).state;
    expect(s.hands[1]).toHaveLength(2);
    expect(s.turn).toBe(2);
    expect(s.pending).toBe(null);
  });

  it('a Service plays on its colour or on another Service only', () => {
    const s = table({ hands: [[serviceId('blue'), serviceId('green')], [red(1)]], top: red(5) });
    expect(refusal(s, 0, { type: 'play', card: serviceId('blue') }).code).toBe('no_match');
    const onService = table({ hands: [[serviceId('blue')], [red(1)]], top: serviceId('red'), colour: 'red' });
    expect(act(onService, 0, { type: 'play', card: serviceId('blue') }).state.activeColour).toBe('blue');
  });

  it('Service counter (2.9 #4): A plays it, B counters, C must counter or skip, D plays normally', () => {
    let s = table({ hands: [[serviceId('red'), red(1)], [serviceId('blue'), blue(2)], [green(2), red(2)], [blue(3), blue(4)]], top: red(5) });
    s = act(s, 0, { type: 'play', card: serviceId('red') }).state;
    s = act(s, 1, { type: 'play', card: serviceId('blue') }).state;
    expect(s.turn).toBe(2);
    expect(s.pending).toEqual({ kind: 'service', count: 2 });
    expect(refusal(s, 2, { type: 'play', card: red(2) }).code).toBe('penalty_pending');
    s = act(s, 2, { type: 'accept' }).state;
    expect(s.turn).toBe(3);
    expect(s.pending).toBe(null);
    s = act(s, 3, { type: 'play', card: blue(3) }).state;
    expect(s.turn).toBe(0);
  });

  it('Services do not add up by default: accepting a chain of two costs one turn', () => {
    let s = table({ hands: [[serviceId('red'), red(1)], [serviceId('blue'), blue(2)], [green(2), red(2)]], top: red(5) });
    s = act(s, 0, { type: 'play', card: serviceId('red') }).state;
    s = act(s, 1, { type: 'play', card: serviceId('blue') }).state;
    s = act(s, 2, { type: 'accept' }).state;
    expect(s.skips).toEqual([0, 0, 0]);
  });

  it('with serviceStack, accepting a chain of two Services costs two turns', () => {
    let s = table({ hands: [[serviceId('red'), red(1)], [serviceId('blue'), blue(2), blue(3)], [green(2), blue(4)]], top: red(5), options: { serviceStack: true } });
    s = act(s, 0, { type: 'play', card: serviceId('red') }).state;
    s = act(s, 1, { type: 'play', card: serviceId('blue') }).state;
    s = act(s, 2, { type: 'accept' }).state;
    expect(s.turn).toBe(0);
    s = act(s, 0, { type: 'draw' }).state;
    s = act(s, 1, { type: 'play', card: blue(2) }).state;
    // Seat 2 misses this turn as well.
    expect(s.turn).toBe(0);
    expect(s.skips[2]).toBe(0);
  });
});

describe('FINE (RULES-NOTES 2.5)', () => {
  it('a Fine jumps play to the chosen player: the players in between miss their turn', () => {
    const s = table({ hands: [[fineId('red'), red(1)], [blue(1)], [blue(2)], [blue(3), blue(4)]], top: red(5) });
    const after = act(s, 0, { type: 'fine', card: fineId('red'), target: 3 }).state;
    expect(after.turn).toBe(3);
    expect(after.pending).toEqual({ kind: 'fine', chain: [0] });
  });

  it('a Fine plays on its colour or another Fine, and cannot target yourself or a finished player', () => {
    const s = table({ hands: [[fineId('blue'), fineId('red'), red(1)], [blue(1)], [blue(2)]], top: red(5) });
    expect(refusal(s, 0, { type: 'fine', card: fineId('blue'), target: 1 }).code).toBe('no_match');
    expect(refusal(s, 0, { type: 'fine', card: fineId('red'), target: 0 }).code).toBe('fine_self');
    const out = structuredClone(s);
    out.out[2] = true;
    expect(refusal(out, 0, { type: 'fine', card: fineId('red'), target: 2 }).code).toBe('not_in_round');
    const onFine = table({ hands: [[fineId('blue'), red(1)], [blue(1)]], top: fineId('red'), colour: 'red' });
    expect(act(onFine, 0, { type: 'fine', card: fineId('blue'), target: 1 }).state.activeColour).toBe('blue');
  });

  it('hand rule: the fined player takes both cards from a Fine player holding three or more', () => {
    const s = table({ hands: [[red(1), red(2), red(3)], [blue(1)]], top: fineId('red'), pending: { kind: 'fine', chain: [0] }, turn: 1 });
    const after = act(s, 1, { type: 'accept' }).state;
    expect(after.hands[0]).toHaveLength(1);
    expect(after.hands[1]).toHaveLength(3);
    expect(after.deck.length).toBe(s.deck.length);
    expect(after.turn).toBe(0);
  });

  it('hand rule: a Fine player holding two gives one card, the other comes from the deck', () => {
    const s = table({ hands: [[red(1), red(2)], [blue(1)]], top: fineId('red'), pending: { kind: 'fine', chain: [0] }, turn: 1 });
    const after = act(s, 1, { type: 'accept' }).state;
    expect(after.hands[0]).toHaveLength(1);
    expect(after.hands[1]).toHaveLength(3);
    expect(after.deck.length).toBe(s.deck.length - 1);
  });

  it('hand rule: a Fine player holding one card (or none) gives nothing: both from the deck', () => {
    for (const hand of [[red(1)], []]) {
      const s = table({ hands: [hand, [blue(1)], [blue(2)]], top: fineId('red'), pending: { kind: 'fine', chain: [0] }, turn: 1 });
      const after = act(s, 1, { type: 'accept' }).state;
      expect(after.hands[0]).toEqual(hand);
      expect(after.hands[1]).toHaveLength(3);
      expect(after.deck.length).toBe(s.deck.length - 2);
    }
  });

  it('a player who goes out on a Fine still fines: the target takes both cards from the deck after the window', () => {
    let s = table({ hands: [[fineId('red')], [blue(1)], [blue(2)]], top: red(5) });
    s = act(s, 0, { type: 'fine', card: fineId('red'), target: 2 }).state;
    expect(s.newCarWindow?.seat).toBe(0);
    expect(refusal(s, 2, { type: 'accept' }).code).toBe('new_car_window');
    s = advance(s, 100 + 3000).state;
    s = act(s, 2, { type: 'accept' }, 3200).state;
    expect(s.hands[2]).toHaveLength(3);
    expect(s.turn).toBe(1);
  });

  it('stacked Fines: three Fines give the last target six cards, each by the hand rule at that hand size', () => {
    // A (4 cards left after fining) → B (2 left after countering) → C (1 left after countering) → D.
    let s = table({
      hands: [[fineId('red'), red(1), red(2), red(3), red(4)], [fineId('blue'), blue(1), blue(2)], [fineId('green'), green(1)], [yellow(1)]],
      top: red(5),
    });
    s = act(s, 0, { type: 'fine', card: fineId('red'), target: 1 }).state;
    s = act(s, 1, { type: 'fine', card: fineId('blue'), target: 2 }).state;
    s = act(s, 2, { type: 'fine', card: fineId('green'), target: 3 }).state;
    expect(game.publicView(s, 0).pending).toEqual({ kind: 'fine', chain: [0, 1, 2], cards: 6 });
    const deck = s.deck.length;
    const { state, events } = act(s, 3, { type: 'accept' });
    expect(state.hands[3]).toHaveLength(7);
    expect(state.hands.map((h) => h.length)).toEqual([2, 1, 1, 7]);
    // 2 from A's hand, 1 from B's hand + 1 deck, 2 deck.
    expect(deck - state.deck.length).toBe(3);
    const paid = events.find((e) => e.type === 'finePaid');
    expect(paid?.fromHands).toEqual([{ seat: 0, cards: 2 }, { seat: 1, cards: 1 }, { seat: 2, cards: 0 }]);
    expect(paid?.msg).toEqual({ key: 'car_exchange:event.fine_paid', params: { seat: '@3', count: 6, fromHands: 3, fromDeck: 3 } });
    expect(state.turn).toBe(0);
  });

  it('Fine chain (2.9 #1): A (5) fines D, D (3) counters onto B; B takes 2 from A\'s hand and 2 from D\'s; play goes to C', () => {
    let s = table({
      hands: [[fineId('red'), red(1), red(2), red(3), red(4), red(6)], [blue(1)], [blue(2)], [fineId('blue'), red(7), blue(4), blue(5)], [green(1)]],
      top: red(5),
    });
    s = act(s, 0, { type: 'fine', card: fineId('red'), target: 3 }).state;
    expect(s.turn).toBe(3);
    s = act(s, 3, { type: 'fine', card: fineId('blue'), target: 1 }).state;
    const deck = s.deck.length;
    s = act(s, 1, { type: 'accept' }).state;
    expect(s.hands.map((h) => h.length)).toEqual([3, 5, 1, 1, 1]);
    expect(s.deck.length).toBe(deck);
    expect(s.turn).toBe(2);
  });

  it('bounced Fine (2.9 #3): A fines B, B counters onto A; A takes 2 from B\'s hand and 2 from the deck', () => {
    let s = table({ hands: [[fineId('red'), red(1), red(2)], [fineId('blue'), blue(1), blue(2), blue(3)], [green(1)]], top: red(5) });
    s = act(s, 0, { type: 'fine', card: fineId('red'), target: 1 }).state;
    s = act(s, 1, { type: 'fine', card: fineId('blue'), target: 0 }).state;
    const deck = s.deck.length;
    s = act(s, 0, { type: 'accept' }).state;
    expect(s.hands[0]).toHaveLength(6);
    expect(s.hands[1]).toHaveLength(1);
    expect(deck - s.deck.length).toBe(2);
    expect(s.turn).toBe(1);
  });

  it('penalty cards taken from a hand are told only to the two players involved', () => {
    const s = table({ hands: [[red(1), red(2), red(3)], [blue(1)], [green(1)]], top: fineId('red'), pending: { kind: 'fine', chain: [0] }, turn: 1 });
    const { events } = act(s, 1, { type: 'accept' });
    const withCards = events.filter((e) => 'cards' in e && Array.isArray(e.cards));
    expect(withCards.map((e) => e.to)).toEqual([[1], [0]]);
  });
});

describe('special cards and penalties', () => {
  it('Paint Shop (2.9 #9, green): green 3 or any grey card is legal, red 3 is not', () => {
    let s = table({ hands: [[paintId(), red(9)], [green(3), red(3), garageId(), green(4)]], top: red(5) });
    s = act(s, 0, { type: 'paint', card: paintId(), colour: 'green' }).state;
    expect(s.activeColour).toBe('green');
    expect(refusal(s, 1, { type: 'play', card: red(3) }).code).toBe('no_match');
    expect(act(s, 1, { type: 'play', card: green(3) }).state.activeColour).toBe('green');
    expect(act(s, 1, { type: 'garage', card: garageId(), cars: [green(4), green(3)] }).state.activeColour).toBe('green');
  });

  it('Paint Shop cannot counter a Service or a Fine', () => {
    const fine = table({ hands: [[red(1)], [paintId(), blue(1)]], top: fineId('red'), pending: { kind: 'fine', chain: [0] }, turn: 1 });
    expect(refusal(fine, 1, { type: 'paint', card: paintId(), colour: 'blue' }).code).toBe('penalty_pending');
    const service = table({ hands: [[red(1)], [paintId(), blue(1)]], top: serviceId('red'), pending: { kind: 'service', count: 1 }, turn: 1 });
    expect(refusal(service, 1, { type: 'paint', card: paintId(), colour: 'blue' }).code).toBe('penalty_pending');
  });

  it('Garage with mixed numbers (2.9 #5): blue 2, 7 and 9 on red 5 leave blue 9 on top', () => {
    const s = table({ hands: [[garageId(), blue(2), blue(7), blue(9), red(1)], [green(1)]], top: red(5) });
    const after = act(s, 0, { type: 'garage', card: garageId(), cars: [blue(2), blue(7), blue(9)] }).state;
    expect(after.discard.slice(-4)).toEqual([garageId(), blue(2), blue(7), blue(9)]);
    expect(after.activeColour).toBe('blue');
    expect(after.hands[0]).toEqual([red(1)]);
    expect(after.turn).toBe(1);
  });

  it('a Garage without a Car, or with Cars of two colours, is refused', () => {
    const noCar = table({ hands: [[garageId(), paintId()], [green(1)]], top: red(5) });
    expect(refusal(noCar, 0, { type: 'garage', card: garageId(), cars: [paintId()] }).code).toBe('no_car');
    const mixed = table({ hands: [[garageId(), blue(2), red(7)], [green(1)]], top: red(5) });
    expect(refusal(mixed, 0, { type: 'garage', card: garageId(), cars: [blue(2), red(7)] }).code).toBe('mixed_colours');
  });

  it('any grey card is refused while a Fine is pending (2.9 #5)', () => {
    const s = table({ hands: [[red(1)], [garageId(), blue(1), paintId(), exchangeId(), newCarId()]], top: fineId('red'), pending: { kind: 'fine', chain: [0] }, turn: 1 });
    expect(refusal(s, 1, { type: 'garage', card: garageId(), cars: [blue(1)] }).code).toBe('penalty_pending');
    expect(refusal(s, 1, { type: 'paint', card: paintId(), colour: 'red' }).code).toBe('penalty_pending');
    expect(refusal(s, 1, { type: 'exchange', card: exchangeId(), mode: 'fly' }).code).toBe('penalty_pending');
    expect(refusal(s, 1, { type: 'newCar', card: newCarId() }).code).toBe('penalty_pending');
  });
});
