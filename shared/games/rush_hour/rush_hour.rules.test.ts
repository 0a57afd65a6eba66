/** Rush Hour rules: one test per rule, RULES-NOTES 1.1–1.3 settlement and 1.6 case. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../random.js';
import { cardOf, deckFor, pointsOfAll } from './cards.js';
import { rushHourGame as game } from './index.js';
import { rushHourOptions } from './options.js';
import type { RushHourState } from './state.js';
import { act, advance, AMB, car, options, pickAll, picture, pilePoints, POL, refusal, row, scramble, table, TOW, trailer } from './testing.js';

/** Rows ending 12, 25 and 40 (RULES-NOTES 1.6 test 1). */
const ENDS_12_25_40 = [row(car(3), car(12)), row(car(20), car(25)), row(car(40))];
const FULL_ROW = [row(car(14), car(19), car(22), car(25)), row(car(40)), row(car(45))];

function choose(s: RushHourState, seat: number, r: number): RushHourState {
  return act(s, seat, { type: 'row', row: r }).state;
}

describe('components (RULES-NOTES 1.1)', () => {
  it('has 74 cards: cars 1–50, Trailers 4, 8, …, 48, and 4 Ambulances, 4 Police, 4 Tow Trucks', () => {
    const cards = deckFor(options()).map((id) => cardOf(id, options()));
    expect(cards).toHaveLength(74);
    expect(cards.filter((c) => c.kind === 'car').map((c) => c.number)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(cards.filter((c) => c.kind === 'trailer').map((c) => c.number)).toEqual([4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48]);
    for (const kind of ['ambulance', 'police', 'tow'] as const) expect(cards.filter((c) => c.kind === kind && c.number === null)).toHaveLength(4);
  });
  it('counts an ordinary car and a Trailer 1 penalty point and a special vehicle 2', () => {
    expect(pointsOfAll([car(7)], options())).toBe(1);
    expect(pointsOfAll([trailer(8)], options())).toBe(1);
    expect(pointsOfAll([AMB[0], POL[0], TOW[0]], options())).toBe(6);
  });
  it('[opt] trailerNumbers high numbers the Trailers 51–62, and they go after the 50', () => {
    const o = options({ trailerNumbers: 'high' });
    expect(deckFor(o).map((id) => cardOf(id, o)).filter((c) => c.kind === 'trailer').map((c) => c.number)).toEqual(Array.from({ length: 12 }, (_, i) => 51 + i));
    let s = table([row(car(50)), row(car(20)), row(car(30))], [[50], [car(31)]], { trailerNumbers: 'high' });
    s = pickAll(s, [50, car(31)]);
    expect(picture(s, 0)).toBe('50+Tr51');
  });
  it('[opt] trailerPoints 2 makes a Trailer worth 2 penalty points', () => {
    expect(pointsOfAll([trailer(8)], options({ trailerPoints: 2 }))).toBe(2);
  });
});

describe('setup (RULES-NOTES 1.2 Setup)', () => {
  it('starts 3 rows with one ordinary car each and deals 10 cards to each player, the rest unused', () => {
    const s = game.setup(options({ players: 4 }), 4, 5, 0);
    expect(s.rows).toHaveLength(3);
    for (const r of s.rows) { expect(r).toHaveLength(1); expect(cardOf(r[0][0], s.options).kind).toBe('car'); }
    expect(s.hands.map((h) => h.length)).toEqual([10, 10, 10, 10]);
    expect(s.unused).toHaveLength(74 - 3 - 40);
  });
  it('replaces a Trailer or special vehicle turned up to start a row (it stays in the deck)', () => {
    let replaced = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const o = options({ players: 5 });
      const s = game.setup(o, 5, seed, 0);
      const shuffled = new Rng(seed).shuffle(deckFor(o));
      if (shuffled.slice(0, 3).some((id) => cardOf(id, o).kind !== 'car')) replaced++;
      expect(s.rows.every((r) => cardOf(r[0][0], o).kind === 'car')).toBe(true);
      expect(new Set([...s.rows.flat(2), ...s.hands.flat(), ...s.unused]).size).toBe(74);
    }
    expect(replaced).toBeGreaterThan(0);
  });
  it('moves the lead seat one seat clockwise each turn', () => {
    let s = table(ENDS_12_25_40, [[car(41), car(42)], [car(43), car(44)], [car(45), car(46)]], {}, 2);
    s = pickAll(s, [car(41), car(43), car(45)]);
    expect(s.lead).toBe(0);
    expect(game.publicView(s, 0).priority).toEqual([0, 1, 2]);
  });
});

describe('placing numbered cards (RULES-NOTES 1.2, 1.6 test 1)', () => {
  it('puts a 27 behind the 25 when rows end 12, 25 and 40', () => {
    const s = pickAll(table(ENDS_12_25_40, [[car(27)], [car(45)]]), [car(27), car(45)]);
    expect(picture(s, 1)).toBe('20 25 27');
    expect(picture(s, 2)).toBe('40 45');
  });
  it('places 26 and 27 of one turn low to high: 26 onto 25, then 27 onto 26', () => {
    const s = pickAll(table(ENDS_12_25_40, [[car(27)], [car(26)]]), [car(27), car(26)]);
    expect(picture(s, 1)).toBe('20 25 26 27');
    expect(s.lastTurn?.revealed.map((p) => p.card)).toEqual([car(26), car(27)]);
  });
  it('never puts a card on an equal number: a Trailer 12 on rows ending 12, 25, 40 is too small', () => {
    const s = pickAll(table(ENDS_12_25_40, [[trailer(12)], [car(45)]]), [trailer(12), car(45)]);
    expect(s.prompt).toMatchObject({ kind: 'card', mode: 'tooSmall', rows: [0, 1, 2] });
  });
  it('too small: its player chooses a row, takes all its cards, and the card starts that row', () => {
    let s = pickAll(table(ENDS_12_25_40, [[car(5)], [car(45)]]), [car(5), car(45)]);
    expect(s.prompt).toMatchObject({ kind: 'card', mode: 'tooSmall', play: { seat: 0 } });
    expect(game.activeSeats(s)).toEqual([0]);
    s = choose(s, 0, 1);
    expect(s.piles[0]).toEqual([car(20), car(25)]);
    expect(picture(s, 1)).toBe('5');
    expect(picture(s, 2)).toBe('40 45');
    expect(pilePoints(s, 0)).toBe(2);
  });
  it('too small and the clock runs out: the least costly row is taken', () => {
    let s = pickAll(table(ENDS_12_25_40, [[car(5)], [car(45)]]), [car(5), car(45)]);
    s = advance(s, 100 + 15_000).state;
    expect(s.piles[0]).toEqual([car(40)]);
    expect(picture(s, 2)).toBe('5');
    expect(picture(s, 1)).toBe('20 25 45');
  });
  it('equal end numbers: the player chooses between the two rows', () => {
    const rows = [row(car(28)), row(car(20), [car(25), trailer(28)]), row(car(40))];
    let s = pickAll(table(rows, [[car(30)], [car(45)]]), [car(30), car(45)]);
    expect(s.prompt).toMatchObject({ kind: 'card', mode: 'place', rows: [0, 1] });
    s = choose(s, 0, 1);
    expect(picture(s, 1)).toBe('20 25+Tr28 30');
  });
  it('equal end numbers and the clock runs out: the shorter row is chosen (no penalty either way)', () => {
    const rows = [row(car(28)), row(car(20), [car(25), trailer(28)]), row(car(40))];
    const s = advance(pickAll(table(rows, [[car(30)], [car(45)]]), [car(30), car(45)]), 100 + 15_000).state;
    expect(picture(s, 0)).toBe('28 30');
  });
  it('an ordinary 28 is placed before a Trailer 28 of the same turn', () => {
    const s = pickAll(table(ENDS_12_25_40, [[trailer(28)], [car(28)]]), [trailer(28), car(28)]);
    expect(s.lastTurn?.revealed.map((p) => p.card)).toEqual([car(28), trailer(28)]);
    expect(picture(s, 1)).toBe('20 25 28');
    expect(picture(s, 0)).toBe('3 12+Tr28');
  });
});

describe('heavy jam and Trailers (RULES-NOTES 1.2, 1.6 tests 2–3)', () => {
  it('an ordinary 28 on [14, 19, 22, 25] takes the 4 cards (4 points) and starts the row', () => {
    const s = pickAll(table(FULL_ROW, [[car(28)], [car(46)]]), [car(28), car(46)]);
    expect(picture(s, 0)).toBe('28');
    expect(pilePoints(s, 0)).toBe(4);
    expect(s.lastTurn?.steps[0]).toMatchObject({ kind: 'take', reason: 'jam', points: 4 });
  });
  it('a Trailer on a full row does not cause a heavy jam; an ordinary 30 then takes 5 cards', () => {
    let s = table(FULL_ROW, [[trailer(28), car(30)], [car(46), car(47)]]);
    s = pickAll(s, [trailer(28), car(46)]);
    expect(picture(s, 0)).toBe('14 19 22 25+Tr28');
    expect(pilePoints(s, 0)).toBe(0);
    s = pickAll(s, [car(30), car(47)]);
    expect(picture(s, 0)).toBe('30');
    expect(s.piles[0]).toHaveLength(5);
    expect(pilePoints(s, 0)).toBe(5);
  });
  it('a Trailer on a Police car cancels it: the row is no longer open', () => {
    const s = pickAll(table([row(car(10), POL[0]), row(car(30)), row(car(40))], [[trailer(8)], [car(45)]]), [trailer(8), car(45)]);
    expect(picture(s, 0)).toBe('10 P+Tr8');
    expect(game.publicView(s, 0).rows[0]).toMatchObject({ end: 8, open: false });
  });
  it('a Trailer can hook onto a lone Ambulance', () => {
    const s = pickAll(table([row(AMB[0]), row(car(30)), row(car(40))], [[trailer(8)], [car(45)]]), [trailer(8), car(45)]);
    expect(picture(s, 0)).toBe('A+Tr8');
  });
  it('a Trailer hooks onto a loaded Tow Truck and the free spot stays', () => {
    const s = pickAll(table([row(car(10), car(15), [TOW[0], car(18)], []), row(car(40)), row(car(45))], [[trailer(20)], [car(46)]]), [trailer(20), car(46)]);
    expect(picture(s, 0)).toBe('10 15 T+18+Tr20 _');
  });
  it('a Trailer that is too small takes a row and starts it', () => {
    let s = pickAll(table(ENDS_12_25_40, [[trailer(8)], [car(45)]]), [trailer(8), car(45)]);
    s = choose(s, 0, 2);
    expect(picture(s, 2)).toBe('Tr8');
    expect(s.piles[0]).toEqual([car(40)]);
  });
});

describe('Ambulance (RULES-NOTES 1.2, 1.6 tests 4–5)', () => {
  it('resolves before every other card, and its owner chooses the row', () => {
    const s = pickAll(table(ENDS_12_25_40, [[car(13)], [AMB[0]]]), [car(13), AMB[0]]);
    expect(s.lastTurn?.revealed.map((p) => p.card)).toEqual([AMB[0], car(13)]);
    expect(s.prompt).toMatchObject({ kind: 'group', special: 'ambulance' });
    expect(game.activeSeats(s)).toEqual([1]);
  });
  it('on [3, 7, 9, 11] its owner takes the 4 cards and the row is [Ambulance]; a later 2 follows it', () => {
    let s = pickAll(table([row(car(3), car(7), car(9), car(11)), row(car(30)), row(car(40))], [[AMB[0]], [car(2)]]), [AMB[0], car(2)]);
    s = choose(s, 0, 0);
    expect(pilePoints(s, 0)).toBe(4);
    expect(picture(s, 0)).toBe('A 2');
    expect(s.piles[1]).toEqual([]);
  });
  it('on [5, 9] it goes to the front: [Ambulance, 5, 9], end still 9 and the row is not open', () => {
    let s = pickAll(table([row(car(5), car(9)), row(car(30)), row(car(40))], [[AMB[0]], [car(45)]]), [AMB[0], car(45)]);
    s = choose(s, 0, 0);
    expect(picture(s, 0)).toBe('A 5 9');
    expect(game.publicView(s, 0).rows[0]).toMatchObject({ end: 9, open: false });
  });
  it('a number may go behind a lone Ambulance instead of its own row (the player chooses)', () => {
    let s = pickAll(table([row(AMB[0]), row(car(30)), row(car(40))], [[car(45)], [car(31)]]), [car(45), car(31)]);
    expect(s.prompt).toMatchObject({ kind: 'card', play: { seat: 1 }, rows: [1, 0] });
    s = choose(s, 1, 1);
    expect(s.prompt).toMatchObject({ kind: 'card', play: { seat: 0 }, rows: [2, 0] });
    s = choose(s, 0, 0);
    expect(picture(s, 0)).toBe('A 45');
  });
  it('two Ambulances on one row form one stack; the owner of the top one (later in priority) takes the row', () => {
    let s = pickAll(table([row(car(3), car(7), car(9), car(11)), row(car(30)), row(car(40))], [[AMB[0]], [AMB[1]]], {}, 0), [AMB[0], AMB[1]]);
    s = choose(s, 1, 0);
    s = choose(s, 0, 0);
    expect(picture(s, 0)).toBe('A+A');
    expect(s.rows[0][0]).toEqual([AMB[0], AMB[1]]);
    expect(pilePoints(s, 1)).toBe(4);
    expect(pilePoints(s, 0)).toBe(0);
    expect(pointsOfAll(s.rows[0].flat(), s.options)).toBe(4);
  });
  it('with the lead on the other seat the stack order and the taker swap', () => {
    let s = pickAll(table([row(car(3), car(7), car(9), car(11)), row(car(30)), row(car(40))], [[AMB[0]], [AMB[1]]], {}, 1), [AMB[0], AMB[1]]);
    s = choose(s, 0, 0);
    s = choose(s, 1, 0);
    expect(s.rows[0][0]).toEqual([AMB[1], AMB[0]]);
    expect(pilePoints(s, 0)).toBe(4);
  });
  it('the owners choose in secret: only a "chosen" flag is public until all have chosen', () => {
    let s = pickAll(table(ENDS_12_25_40, [[AMB[0]], [AMB[1]]]), [AMB[0], AMB[1]]);
    s = choose(s, 0, 2);
    const pub = game.publicView(s, 0);
    expect(pub.prompt).toMatchObject({ kind: 'group', chosen: [true, false] });
    expect(JSON.stringify(pub)).not.toContain('"secretRow"');
    expect(game.seatView(s, 0, 0).secretRow).toBe(2);
    expect(game.seatView(s, 1, 0).secretRow).toBe(null);
    expect(JSON.stringify(game.publicView(scramble(s, 1, new Rng(3)), 0))).toBe(JSON.stringify(pub));
  });
  it('its row choice times out to the least costly row', () => {
    const s = advance(pickAll(table([row(car(3), car(7), car(9), car(11)), row(car(30), car(31)), row(car(40))], [[AMB[0]], [car(45)]]), [AMB[0], car(45)]), 100 + 15_000).state;
    expect(pilePoints(s, 0)).toBe(0);
    expect(picture(s, 2)).toBe('A 40 45');
  });
});

describe('Police (RULES-NOTES 1.2, 1.6 test 6)', () => {
  const ENDS_30_35_40 = [row(car(30)), row(car(35)), row(car(40))];
  it('Police followed by a small number: 4 goes behind the Police and is not too small; 36 goes onto 35', () => {
    let s = pickAll(table(ENDS_30_35_40, [[POL[0]], [car(4)], [car(36)]]), [POL[0], car(4), car(36)]);
    expect(s.lastTurn?.revealed.map((p) => p.card)).toEqual([POL[0], car(4), car(36)]);
    s = choose(s, 0, 2);
    expect(s.prompt).toBe(null);
    expect(picture(s, 2)).toBe('40 P 4');
    expect(picture(s, 1)).toBe('35 36');
    expect(s.piles.flat()).toEqual([]);
  });
  it('a number may follow the Police instead of its own row (Police-follow choice); the cortège serves one card', () => {
    let s = pickAll(table(ENDS_30_35_40, [[POL[0]], [car(45)], [car(46)]]), [POL[0], car(45), car(46)]);
    s = choose(s, 0, 2);
    expect(s.prompt).toMatchObject({ kind: 'card', play: { seat: 1 }, rows: [1, 2] });
    s = choose(s, 1, 2);
    expect(picture(s, 2)).toBe('40 P 45 46');
  });
  it('Police that makes a 5th slot: its owner takes the other 4 and the Police stays alone', () => {
    let s = pickAll(table(FULL_ROW, [[POL[0]], [car(46)]]), [POL[0], car(46)]);
    s = choose(s, 0, 0);
    expect(picture(s, 0)).toBe('P');
    expect(pilePoints(s, 0)).toBe(4);
  });
  it('Police fills the free spot behind a Tow Truck', () => {
    let s = pickAll(table([row(car(10), [TOW[0], car(15)], []), row(car(35)), row(car(40))], [[POL[0]], [car(46)]]), [POL[0], car(46)]);
    s = choose(s, 0, 0);
    expect(picture(s, 0)).toBe('10 T+15 P');
  });
  it('two Police cars sent to one row stack together', () => {
    let s = pickAll(table(ENDS_30_35_40, [[POL[0]], [POL[1]]]), [POL[0], POL[1]]);
    s = choose(s, 0, 0);
    s = choose(s, 1, 0);
    expect(picture(s, 0)).toBe('30 P+P');
  });
});

describe('Tow Truck (RULES-NOTES 1.2, 1.6 test 7)', () => {
  it('[10, 15, 18] + Tow Truck = [10, 15, T(18), free]; a 20 fills the spot; a 22 then is a heavy jam worth 6', () => {
    let s = table([row(car(10), car(15), car(18)), row(car(40)), row(car(45))], [[TOW[0], car(20), car(22)], [car(46), car(47), car(48)]]);
    s = choose(pickAll(s, [TOW[0], car(46)]), 0, 0);
    expect(picture(s, 0)).toBe('10 15 T+18 _');
    expect(game.publicView(s, 0).rows[0].end).toBe(18);
    s = pickAll(s, [car(20), car(47)]);
    expect(picture(s, 0)).toBe('10 15 T+18 20');
    s = pickAll(s, [car(22), car(48)]);
    expect(picture(s, 0)).toBe('22');
    expect(pilePoints(s, 0)).toBe(6);
  });
  it('[10, 15 with a Trailer]: the Tow Truck loads the whole stack (Trailer 16: there is no Trailer 17)', () => {
    let s = table([row(car(10), [car(15), trailer(16)]), row(car(40)), row(car(45))], [[TOW[0]], [car(46)]]);
    s = choose(pickAll(s, [TOW[0], car(46)]), 0, 0);
    expect(picture(s, 0)).toBe('10 T+15+Tr16 _');
  });
  it('as the fifth card: [10, 15, 18, 21] + Tow Truck, its owner takes 10, 15, 18, leaving [T(21), free]', () => {
    let s = table([row(car(10), car(15), car(18), car(21)), row(car(40)), row(car(45))], [[TOW[0]], [car(46)]]);
    s = choose(pickAll(s, [TOW[0], car(46)]), 0, 0);
    expect(picture(s, 0)).toBe('T+21 _');
    expect(s.piles[0]).toEqual([car(10), car(15), car(18)]);
  });
  it('[10, T(15), free] + Tow Truck = [10, T2(T1(15)), free]', () => {
    let s = table([row(car(10), [TOW[0], car(15)], []), row(car(40)), row(car(45))], [[TOW[1]], [car(46)]]);
    s = choose(pickAll(s, [TOW[1], car(46)]), 0, 0);
    expect(picture(s, 0)).toBe('10 T+T+15 _');
  });
  it('is played last: a 19 of the same turn goes first, then the Tow Truck loads it', () => {
    let s = table([row(car(10), car(15), car(18)), row(car(40)), row(car(45))], [[TOW[0]], [car(19)]]);
    s = pickAll(s, [TOW[0], car(19)]);
    expect(s.lastTurn?.revealed.map((p) => p.card)).toEqual([car(19), TOW[0]]);
    expect(picture(s, 0)).toBe('10 15 18 19');
    s = choose(s, 0, 0);
    expect(picture(s, 0)).toBe('T+19 _');
    expect(pilePoints(s, 0)).toBe(3);
  });
  it('two Tow Trucks in one row are applied one at a time in priority order', () => {
    let s = table([row(car(10), car(15), car(18)), row(car(40)), row(car(45))], [[TOW[0]], [TOW[1]]]);
    s = pickAll(s, [TOW[0], TOW[1]]);
    s = choose(choose(s, 1, 0), 0, 0);
    expect(s.rows[0]).toEqual([[car(10)], [car(15)], [TOW[1], TOW[0], car(18)], []]);
  });
});

describe('turn order and clocks (RULES-NOTES 1.2 Turn)', () => {
  it('resolves Ambulance, then Police, then numbers ascending, then Tow Truck', () => {
    const s = pickAll(table(ENDS_12_25_40, [[TOW[0]], [car(20)], [POL[0]], [AMB[0]], [car(13)]]), [TOW[0], car(20), POL[0], AMB[0], car(13)]);
    expect(s.lastTurn?.revealed.map((p) => p.card)).toEqual([AMB[0], POL[0], car(13), car(20), TOW[0]]);
  });
  it('the pick clock plays the lowest-risk card for a player who has not picked (issue: not a random card)', () => {
    let s = table(FULL_ROW, [[car(28), car(41)], [car(46), car(47)]], { pickMs: 5_000 });
    expect(game.nextDeadline(s)).toBe(5_000);
    s = act(s, 1, { type: 'pick', card: car(46) }).state;
    s = advance(s, 5_000).state;
    expect(s.lastTurn?.timedOut).toEqual([0]);
    expect(picture(s, 1)).toBe('40 41');
    expect(pilePoints(s, 0)).toBe(0);
  });
  it('the choice clock is an option (choiceMs)', () => {
    const s = pickAll(table(ENDS_12_25_40, [[car(5)], [car(45)]], { choiceMs: 4_000 }), [car(5), car(45)]);
    expect(game.nextDeadline(s)).toBe(4_100);
    expect(advance(s, 4_099).state.prompt).not.toBe(null);
    expect(advance(s, 4_100).state.prompt).toBe(null);
  });
  it('a player may change their pick until everyone has picked', () => {
    let s = table(ENDS_12_25_40, [[car(41), car(42)], [car(43), car(44)]]);
    s = act(s, 0, { type: 'pick', card: car(41) }).state;
    s = act(s, 0, { type: 'pick', card: car(42) }).state;
    s = act(s, 1, { type: 'pick', card: car(44) }).state;
    expect(s.lastTurn?.revealed.map((p) => p.card)).toEqual([car(42), car(44)]);
    expect(s.hands[0]).toEqual([car(41)]);
  });
  it('refuses a card that is not in the hand, a pick while cards are being placed, and a row not asked for', () => {
    const s = table(ENDS_12_25_40, [[car(5), car(6)], [car(45), car(46)]]);
    expect(refusal(s, 0, { type: 'pick', card: car(45) }).code).toBe('not_in_hand');
    expect(refusal(s, 0, { type: 'row', row: 0 }).code).toBe('no_choice');
    const asked = pickAll(s, [car(5), car(45)]);
    expect(refusal(asked, 1, { type: 'pick', card: car(46) }).code).toBe('not_picking');
    expect(refusal(asked, 1, { type: 'row', row: 0 }).code).toBe('not_asked');
    const open = pickAll(table([row(AMB[0]), row(car(30)), row(car(40))], [[car(45)], [car(31)]]), [car(45), car(31)]);
    expect(refusal(open, 1, { type: 'row', row: 2 }).code).toBe('wrong_row');
    expect(refusal(table([row(car(3)), row(car(4))], [[car(5)], [car(6)]], { rows: 2 }), 0, { type: 'row', row: 2 }).code).toBe('no_choice');
  });
  it('a pick never appears in the public view or another seat\'s view before the reveal', () => {
    let s = table(ENDS_12_25_40, [[car(41), car(42), car(5)], [car(43), car(44), car(6)]]);
    const before = JSON.stringify(game.publicView(s, 0));
    s = act(s, 0, { type: 'pick', card: car(42) }).state;
    const pub = game.publicView(s, 0);
    expect(pub.players[0].picked).toBe(true);
    expect(JSON.stringify({ ...pub, players: pub.players.map((p) => ({ ...p, picked: false })) })).toBe(before);
    expect(JSON.stringify(game.seatView(s, 1, 0))).not.toContain(`"id":${car(42)}`);
    for (let k = 0; k < 5; k++) {
      const other = scramble(s, 1, new Rng(k));
      expect(JSON.stringify(game.seatView(other, 1, 0))).toBe(JSON.stringify(game.seatView(s, 1, 0)));
      expect(JSON.stringify(game.publicView(other, 0))).toBe(JSON.stringify(pub));
    }
    expect(game.seatView(s, 0, 0).pick?.id).toBe(car(42));
  });
});

describe('kids options (RULES-NOTES 1.3)', () => {
  it('maxNumber 10, 20, 30 keeps only cards numbered up to it (Trailers included) and deals 5 cards', () => {
    for (const [max, numbered] of [[10, 12], [20, 25], [30, 37]] as const) {
      const o = options({ maxNumber: max });
      const cards = deckFor(o).map((id) => cardOf(id, o));
      expect(cards.filter((c) => c.number !== null)).toHaveLength(numbered);
      expect(cards.every((c) => c.number === null || c.number <= max)).toBe(true);
      expect(o.handSize).toBe(5);
    }
  });
  it('5-card hands: each player gets 5 cards and the deal lasts 5 turns', () => {
    const s = game.setup(options({ handSize: 5 }), 2, 3, 0);
    expect(s.hands.map((h) => h.length)).toEqual([5, 5]);
  });
  it('rows 2: two rows', () => {
    expect(game.setup(options({ rows: 2 }), 2, 3, 0).rows).toHaveLength(2);
  });
  it('noSpecials takes the Ambulances, Police cars and Tow Trucks out', () => {
    const o = options({ noSpecials: true });
    expect(deckFor(o).every((id) => cardOf(id, o).number !== null)).toBe(true);
    expect(deckFor(o)).toHaveLength(62);
  });
  it('noHeavyJam: a fifth card just joins the row', () => {
    const s = pickAll(table(FULL_ROW, [[car(28)], [car(46)]], { noHeavyJam: true }), [car(28), car(46)]);
    expect(picture(s, 0)).toBe('14 19 22 25 28');
    expect(pilePoints(s, 0)).toBe(0);
  });
  it('noHeavyJam: no Ambulance, Police or Tow Truck overflow either', () => {
    let s = pickAll(table(FULL_ROW, [[AMB[0]], [POL[0]], [TOW[0]]], { noHeavyJam: true }), [AMB[0], POL[0], TOW[0]]);
    s = choose(s, 0, 0);
    s = choose(s, 1, 0);
    s = choose(s, 2, 0);
    expect(picture(s, 0)).toBe('A 14 19 22 25 T+P _');
    expect(s.piles.flat()).toEqual([]);
  });
  it('noTooSmallPenalty: a too-small card starts a row of the player\'s choice at its front, nobody takes cards', () => {
    let s = pickAll(table(ENDS_12_25_40, [[car(5)], [car(45)]], { noTooSmallPenalty: true }), [car(5), car(45)]);
    expect(s.prompt).toMatchObject({ kind: 'card', mode: 'front' });
    s = choose(s, 0, 1);
    expect(picture(s, 1)).toBe('5 20 25');
    expect(s.piles.flat()).toEqual([]);
  });
  it('noTooSmallPenalty: no heavy-jam check for that insertion (a 4-card row becomes 5)', () => {
    let s = pickAll(table(FULL_ROW, [[car(5)], [car(46)]], { noTooSmallPenalty: true }), [car(5), car(46)]);
    s = choose(s, 0, 0);
    expect(picture(s, 0)).toBe('5 14 19 22 25');
    expect(pilePoints(s, 0)).toBe(0);
  });
  it('the kids variant presets numbers to 30, 5-card hands, no specials and no too-small penalty', () => {
    const o = rushHourOptions.parse({ variant: 'kids' });
    expect(o).toMatchObject({ maxNumber: 30, handSize: 5, rows: 3, noSpecials: true, noHeavyJam: false, noTooSmallPenalty: true });
  });
  it('each kids option can be set on its own, over the preset or in classic', () => {
    expect(rushHourOptions.parse({ variant: 'kids', noSpecials: false, rows: 2, handSize: 10, maxNumber: 50 })).toMatchObject({ noSpecials: false, rows: 2, handSize: 10, maxNumber: 50 });
    expect(rushHourOptions.parse({ noTooSmallPenalty: true, noHeavyJam: true })).toMatchObject({ variant: 'classic', noTooSmallPenalty: true, noHeavyJam: true, maxNumber: 50, handSize: 10 });
  });
  it('refuses a deck smaller than players × hand size + rows (maxNumber 10 without specials: 2 players on 2 rows only)', () => {
    const base = { maxNumber: 10, noSpecials: true };
    expect(rushHourOptions.safeParse({ ...base, players: 2, rows: 2 }).success).toBe(true);
    expect(rushHourOptions.safeParse({ ...base, players: 3, rows: 2 }).success).toBe(false);
    expect(rushHourOptions.safeParse({ ...base, players: 2, rows: 3 }).success).toBe(false);
    expect(game.seatRange(rushHourOptions.parse({ ...base, players: 2, rows: 2 }))).toEqual({ min: 2, max: 2 });
    expect(game.seatRange(rushHourOptions.parse({}))).toEqual({ min: 2, max: 5 });
    expect(() => game.setup(rushHourOptions.parse({ ...base, players: 2, rows: 2 }), 3, 1, 0)).toThrow();
  });
  it('refuses players outside 2–5 and unknown option values', () => {
    expect(rushHourOptions.safeParse({ players: 6 }).success).toBe(false);
    expect(rushHourOptions.safeParse({ players: 1 }).success).toBe(false);
    expect(rushHourOptions.safeParse({ maxNumber: 15 }).success).toBe(false);
    expect(rushHourOptions.parse({ extra: 1 })).not.toHaveProperty('extra');
  });
});

describe('scoring and the end (rulebook "Winner", RULES-NOTES 1.2 End)', () => {
  function over(piles: number[][]): RushHourState {
    const s = table(ENDS_12_25_40, piles.map(() => []));
    s.piles = piles;
    s.over = true;
    return s;
  }
  it('scores 1 per ordinary car or Trailer and 2 per special vehicle; fewest points wins', () => {
    const r = game.result(over([[car(1), trailer(4), AMB[0]], [car(2), car(3)]]));
    expect(r?.seats).toEqual([{ seat: 0, score: 4, place: 2 }, { seat: 1, score: 2, place: 1 }]);
    expect(r?.summary).toEqual({ key: 'rush_hour:summary.win', params: { seat: '@1', count: 2 } });
  });
  it('a tie on points goes to the player who took fewer cards', () => {
    const r = game.result(over([[car(1), car(2)], [POL[0]]]));
    expect(r?.seats.map((x) => x.place)).toEqual([2, 1]);
  });
  it('a tie on points and cards is a shared win', () => {
    const r = game.result(over([[car(1)], [car(2)], [car(3), car(4)]]));
    expect(r?.seats.map((x) => x.place)).toEqual([1, 1, 3]);
    expect(r?.summary).toEqual({ key: 'rush_hour:summary.shared', params: { seat: '@0', with: '@1', count: 1 } });
  });
  it('the game ends after the last card of the hands is placed (10 turns)', () => {
    let s = game.setup(options(), 2, 9, 0);
    expect(game.result(s)).toBe(null);
    let now = 0;
    for (let turn = 1; turn <= 10; turn++) {
      expect(s.turn).toBe(turn);
      now = game.nextDeadline(s) ?? now;
      s = advance(s, now).state;
      while (s.prompt) { now = game.nextDeadline(s) ?? now; s = advance(s, now).state; }
    }
    expect(s.over).toBe(true);
    expect(game.result(s)).not.toBe(null);
  });
  it('[opt] deals 2: after the first deal the cards are dealt again and scores are added', () => {
    let s = table(FULL_ROW, [[car(28)], [car(46)]], { deals: 2 });
    s = pickAll(s, [car(28), car(46)]);
    expect(s.over).toBe(false);
    expect(s.deal).toBe(2);
    expect(s.banked[0]).toEqual({ points: 4, cards: 4 });
    expect(s.hands.map((h) => h.length)).toEqual([10, 10]);
    expect(new Set([...s.rows.flat(2), ...s.hands.flat(), ...s.unused]).size).toBe(74);
    expect(pilePoints(s, 0)).toBe(4);
  });
});
