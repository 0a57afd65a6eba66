/**
 * Bots play from what a client sees (public view + own seat view), never from face-down
 * identities: the same policy serves the server's bots and the load test's websocket clients.
 */
import type { BotLevel, BotMove } from '../contract.js';
import { Rng, type RngState } from '../../random.js';
import type { Car } from './cards.js';
import { follows } from './matching.js';
import type { RailwayAction } from './actions.js';
import type { RailwayPublicView, RailwaySeatView } from './views.js';

const REACTION: Record<BotLevel, [number, number]> = { easy: [900, 2000], hard: [400, 1000] };

export function railwayViewBot(pub: RailwayPublicView, mine: RailwaySeatView | null, seat: number, rngState: RngState, level: BotLevel = 'hard'): RailwayAction | null {
  if (pub.over) return null;
  const rng = new Rng(rngState);
  return pub.longest ? longestTrainMove(pub, mine, seat, level) : tableMove(pub, mine, seat, rng, level);
}

export function railwayBotMove(pub: RailwayPublicView, mine: RailwaySeatView, seat: number, level: BotLevel, rngState: RngState): BotMove<RailwayAction> | null {
  const action = railwayViewBot(pub, mine, seat, rngState, level);
  if (!action) return null;
  const rng = new Rng(rngState);
  rng.next();
  const [lo, hi] = REACTION[level];
  return { action, delayMs: lo + rng.int(hi - lo) };
}

function tableMove(pub: RailwayPublicView, mine: RailwaySeatView | null, seat: number, rng: Rng, level: BotLevel): RailwayAction | null {
  const me = pub.players[seat];
  if (!me) return null;
  const train = mine?.train ?? [];
  const last: Car = train[train.length - 1] ?? me.locomotive;
  const fits = (car: Car) => follows(me.rule, last, car, me.locomotive);
  if (me.holding) return fits(me.holding) ? { type: 'take' } : { type: 'release' };
  if (pub.variant === 'training' && (mine?.valid ?? 0) >= (level === 'hard' ? 7 : 5)) return { type: 'stop' };

  const faceUp = pub.table.flatMap((slot, i) => (slot && 'car' in slot && fits(slot.car) ? [{ i, car: slot.car }] : []));
  if (faceUp.length > 0) {
    if (level === 'easy') return { type: 'take', slot: rng.pick(faceUp).i };
    // Hard: keep options open, preferring the card after which the most face-up cards still fit.
    const openCars = pub.table.flatMap((slot) => (slot && 'car' in slot ? [slot.car] : []));
    const best = faceUp.map((c) => ({ c, options: openCars.filter((o) => follows(me.rule, c.car, o, me.locomotive)).length }))
      .sort((a, b) => b.options - a.options)[0];
    return { type: 'take', slot: best.c.i };
  }
  if (pub.variant === 'juniors' || pub.variant === 'express') return null;
  const faceDown = pub.table.flatMap((slot, i) => (slot && 'down' in slot ? [i] : []));
  return faceDown.length > 0 ? { type: 'flip', slot: rng.pick(faceDown) } : null;
}

function longestTrainMove(pub: RailwayPublicView, mine: RailwaySeatView | null, seat: number, level: BotLevel): RailwayAction | null {
  const me = pub.longest!.players[seat];
  if (!me) return null;
  if (!me.turned) return me.pile > 0 ? { type: 'turn' } : null;
  const turned = me.turned;
  const trains = mine?.longestTrains ?? pub.longest!.locomotives.map(() => []);
  const options = trains.map((t, i) => ({ i, length: t.length, fits: follows('atLeastOne', t[t.length - 1] ?? pub.longest!.locomotives[i], turned, pub.longest!.locomotives[i]) }))
    .filter((o) => o.fits);
  if (options.length === 0) return { type: 'bottom' };
  // Hard spreads cars over locomotives (each locomotive is won separately); easy takes the first fit.
  const pick = level === 'hard' ? options.sort((a, b) => a.length - b.length)[0] : options[0];
  return { type: 'place', train: pick.i };
}
