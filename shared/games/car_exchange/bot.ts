/**
 * Bots decide from what a client sees (public view + own seat view), so the same policy serves
 * the server's bots and the load test's websocket clients. 'hard' counters penalties, fines the
 * player closest to going out, swaps hands when it pays and keeps NEW CAR for the window.
 */
import type { BotLevel, BotMove } from '../contract.js';
import { Rng, type RngState } from '../../random.js';
import { COLOURS, type Card, type Colour } from './cards.js';
import type { CarExchangeAction } from './actions.js';
import type { CarExchangePublicView, CarExchangeSeatView } from './views.js';

const REACTION: Record<BotLevel, [number, number]> = { easy: [1000, 2500], hard: [500, 1200] };
/** NEW CAR must beat a short window: quicker hands. */
const SNAP: Record<BotLevel, [number, number]> = { easy: [900, 2200], hard: [300, 900] };
/** What bots say for the talking rule: pictures, which read the same in every language. */
const LINES = ['🚗💨', '📯📯', '🔧🛠️', '🎨✨', '💸🚓', '🅿️🚙', '🚦🟢', '🔁🚗', '🚙💨', '🏁'];

const delay = (rng: Rng, [lo, hi]: [number, number]) => lo + rng.int(hi - lo);

export function carExchangeBotMove(pub: CarExchangePublicView, mine: CarExchangeSeatView, seat: number, level: BotLevel, rngState: RngState): BotMove<CarExchangeAction> | null {
  const rng = new Rng(rngState);
  const decision = decide(pub, mine, seat, level, rng);
  if (!decision) return null;
  return { action: decision.action, delayMs: delay(rng, decision.snap ? SNAP[level] : REACTION[level]) };
}

export function carExchangeViewBot(pub: CarExchangePublicView, mine: CarExchangeSeatView, seat: number, rngState: RngState): CarExchangeAction | null {
  return decide(pub, mine, seat, 'hard', new Rng(rngState))?.action ?? null;
}

function decide(pub: CarExchangePublicView, mine: CarExchangeSeatView, seat: number, level: BotLevel, rng: Rng): { action: CarExchangeAction; snap?: boolean } | null {
  if (pub.phase !== 'playing') return null;
  const me = pub.players[seat];
  const say = (): { action: CarExchangeAction } => ({ action: { type: 'say', text: rng.pick(LINES) } });
  // Easy bots sometimes forget to talk and pay the penalty card.
  if (mine.mustSay && (level === 'hard' || rng.next() < 0.8)) return say();

  const w = pub.newCarWindow;
  if (w && !me.out && w.seat !== seat) {
    const newCar = mine.hand.find((c) => c.kind === 'newCar');
    if (newCar && (level === 'hard' || rng.next() < 0.6)) return { action: { type: 'newCar', card: newCar.id, back: w.seat }, snap: true };
  }
  if (w && w.closesAt !== null) return null;

  if (pub.exchange) {
    if (pub.exchange.target !== seat) return null;
    const ce = mine.hand.find((c) => c.kind === 'exchange');
    if (!ce) return null;
    // The swap gives me the exchanger's other cards: block it when that is more than I hold.
    const theirs = pub.players[pub.exchange.by].cards;
    const block = level === 'hard' ? theirs > mine.hand.length - 1 : rng.next() < 0.5;
    return block ? { action: { type: 'block', card: ce.id }, snap: true } : null;
  }

  if (pub.pending?.kind === 'dealerColour') {
    return pub.pending.dealer === seat ? { action: { type: 'colour', colour: favouriteColour(mine.hand, rng) } } : null;
  }
  if (pub.turn !== seat || me.out) return null;

  const playable = mine.hand.filter((c) => mine.playable.includes(c.id));
  if (pub.talking && !mine.spokeThisTurn && playable.length > 0 && (level === 'hard' || rng.next() < 0.8)) return say();

  const p = pub.pending;
  if (p?.kind === 'service') {
    const counter = playable.find((c) => c.kind === 'service');
    return { action: counter && (level === 'hard' || rng.next() < 0.7) ? { type: 'play', card: counter.id } : { type: 'accept' } };
  }
  if (p?.kind === 'fine') {
    const counter = playable.find((c) => c.kind === 'fine');
    return { action: counter ? { type: 'fine', card: counter.id, target: fineTarget(pub, seat, level, rng) } : { type: 'accept' } };
  }
  if (p?.kind === 'garage') {
    const cars = mine.hand.filter((c) => c.kind === 'car');
    if (cars.length === 0) return { action: { type: 'draw' } };
    const colour = favouriteColour(cars, rng);
    return { action: { type: 'garage', cars: cars.filter((c) => c.colour === colour).map((c) => c.id) } };
  }
  if (p?.kind === 'drawn') {
    const card = mine.drawn && playable.find((c) => c.id === mine.drawn!.id);
    const action = card ? actionFor(card, pub, mine, seat, level, rng) : null;
    return { action: action ?? { type: 'pass' } };
  }
  const choice = level === 'hard' ? hardChoice(playable, pub, mine, seat) : (playable.length ? rng.pick(playable) : null);
  const action = choice ? actionFor(choice, pub, mine, seat, level, rng) : null;
  return { action: action ?? { type: 'draw' } };
}

function opponents(pub: CarExchangePublicView, seat: number) {
  return pub.players.filter((p) => p.seat !== seat && !p.out);
}

/** Hard: the opponent closest to going out (fewest cards, then most points); easy: anyone. */
function fineTarget(pub: CarExchangePublicView, seat: number, level: BotLevel, rng: Rng): number {
  const others = opponents(pub, seat);
  if (level === 'easy') return rng.pick(others).seat;
  return others.reduce((a, b) => (b.cards < a.cards || (b.cards === a.cards && b.score > a.score) ? b : a)).seat;
}

function favouriteColour(cards: readonly Card[], rng: Rng): Colour {
  const counts = COLOURS.map((c) => cards.filter((x) => x.colour === c).length);
  const best = Math.max(...counts);
  return rng.pick(COLOURS.filter((_, i) => counts[i] === best));
}

function hardChoice(playable: Card[], pub: CarExchangePublicView, mine: CarExchangeSeatView, seat: number): Card | null {
  const find = (kind: Card['kind']) => playable.find((c) => c.kind === kind);
  const closest = Math.min(...opponents(pub, seat).map((p) => p.cards));
  const fine = find('fine');
  if (fine && closest <= 3) return fine;
  const cars = mine.hand.filter((c) => c.kind === 'car');
  const garage = find('garage');
  if (garage && COLOURS.some((col) => cars.filter((c) => c.colour === col).length >= 2)) return garage;
  const exchange = find('exchange');
  if (exchange && closest < mine.hand.length - 2) return exchange;
  // Colour cards first, keeping the colour I hold most so the next turn has a match.
  const coloured = playable.filter((c) => c.colour !== null);
  if (coloured.length) {
    const weight = (c: Card) => (c.kind === 'car' ? 0 : 10) + mine.hand.filter((h) => h.colour === c.colour).length;
    return coloured.reduce((a, b) => (weight(b) > weight(a) ? b : a));
  }
  if (find('paint')) return find('paint')!;
  if (garage) return garage;
  if (exchange) return exchange;
  const newCar = find('newCar');
  if (newCar && mine.hand.length <= 2) return newCar;
  return null;
}

function actionFor(card: Card, pub: CarExchangePublicView, mine: CarExchangeSeatView, seat: number, level: BotLevel, rng: Rng): CarExchangeAction | null {
  const rest = mine.hand.filter((c) => c.id !== card.id);
  switch (card.kind) {
    case 'car':
    case 'service':
      return { type: 'play', card: card.id };
    case 'fine':
      return { type: 'fine', card: card.id, target: fineTarget(pub, seat, level, rng) };
    case 'paint':
      return { type: 'paint', card: card.id, colour: rest.some((c) => c.colour) ? favouriteColour(rest.filter((c) => c.colour), rng) : rng.pick(COLOURS) };
    case 'garage': {
      const cars = rest.filter((c) => c.kind === 'car');
      if (!cars.length) return null;
      const colour = favouriteColour(cars, rng);
      return { type: 'garage', card: card.id, cars: cars.filter((c) => c.colour === colour).map((c) => c.id) };
    }
    case 'exchange': {
      const others = opponents(pub, seat);
      const best = others.reduce((a, b) => (b.cards < a.cards ? b : a));
      if (rest.length > 0 && best.cards < rest.length && (level === 'hard' || rng.next() < 0.5)) {
        return { type: 'exchange', card: card.id, mode: 'swap', target: level === 'hard' ? best.seat : rng.pick(others).seat };
      }
      return { type: 'exchange', card: card.id, mode: level === 'easy' && rng.next() < 0.3 ? 'bottom' : 'fly' };
    }
    case 'newCar':
      return { type: 'newCar', card: card.id };
  }
}
