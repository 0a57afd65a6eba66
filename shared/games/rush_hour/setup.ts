/** Dealing (rulebook "Set Up", RULES-NOTES 1.2 Setup). */
import { Rng } from '../../random.js';
import { cardOf, deckFor } from './cards.js';
import type { RushHourOptions } from './options.js';
import type { RushHourState } from './state.js';

/**
 * Shuffles the game's deck, starts each row with an ordinary car (RULES-NOTES 1.2: any other card
 * turned up is replaced; it stays in the deck) and deals the hands. The rest is unused this deal.
 */
export function dealInto(s: RushHourState, cards: number[], now: number): void {
  const rng = new Rng(s.rng);
  const deck = rng.shuffle(cards);
  const starters: number[] = [];
  for (const id of deck) {
    if (starters.length === s.options.rows) break;
    if (cardOf(id, s.options).kind === 'car') starters.push(id);
  }
  const rest = deck.filter((id) => !starters.includes(id));
  const hand = s.options.handSize;
  s.rows = starters.map((id) => [[id]]);
  s.hands = Array.from({ length: s.seats }, (_, seat) => rest.slice(seat * hand, seat * hand + hand));
  s.unused = rest.slice(s.seats * hand);
  s.piles = s.hands.map(() => []);
  s.picks = s.hands.map(() => null);
  s.turn = 1;
  // The lead seat is random at first (RULES-NOTES conventions, "Priority order").
  s.lead = rng.int(s.seats);
  s.rng = rng.state;
  s.pickDeadline = now + s.options.pickMs;
  s.stages = [];
  s.prompt = null;
}

export function setupRushHour(options: RushHourOptions, seats: number, seed: number, now: number): RushHourState {
  const cards = deckFor(options);
  if (seats * options.handSize + options.rows > cards.length) {
    throw new Error(`Not enough cards (${cards.length}) for ${seats} players`);
  }
  const s: RushHourState = {
    options, seats, rng: new Rng(seed).state, unused: [], rows: [], hands: [], piles: [],
    banked: Array.from({ length: seats }, () => ({ points: 0, cards: 0 })),
    deal: 1, turn: 1, lead: 0, picks: [], pickDeadline: null, stages: [], prompt: null, lastTurn: null, over: false,
  };
  dealInto(s, cards, now);
  return s;
}
