/** Deadlines (RULES-NOTES 2.6–2.8 windows and the turn clock) and what happens when they pass. */
import { edit } from '../edit.js';
import type { Applied, GameEvent } from '../contract.js';
import { chargeSilence, closeNewCarWindow } from './flow.js';
import { completeSwap } from './exchange.js';
import { timeOut } from './rules.js';
import { startRound } from './setup.js';
import type { CarExchangeState } from './state.js';

type Due = { at: number; run: (s: CarExchangeState, at: number, events: GameEvent[]) => void };

/** Pending deadlines in the order ties are resolved: silence, windows, the turn clock, the next round. */
function dues(s: CarExchangeState): Due[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'roundOver') return s.nextRoundAt === null ? [] : [{ at: s.nextRoundAt, run: (x, at, ev) => startRound(x, at, ev) }];
  const out: Due[] = [];
  for (const t of s.talk) out.push({ at: t.deadline, run: (x, at, ev) => chargeSilence(x, null, at, ev) });
  if (s.exchange) out.push({ at: s.exchange.closesAt, run: completeSwap });
  if (s.newCarWindow?.closesAt != null) out.push({ at: s.newCarWindow.closesAt, run: closeNewCarWindow });
  if (s.turnDeadline !== null && !s.exchange && s.newCarWindow?.closesAt == null) {
    out.push({
      at: s.turnDeadline,
      run: (x, at, ev) => {
        // raceMode: the clock running out is the next player's move, so it closes the window too.
        if (x.newCarWindow) closeNewCarWindow(x, at, ev);
        if (x.phase === 'playing') timeOut(x, at, ev);
      },
    });
  }
  return out;
}

export function carExchangeDeadline(s: CarExchangeState): number | null {
  const all = dues(s);
  return all.length ? Math.min(...all.map((d) => d.at)) : null;
}

export function advanceCarExchange(state: CarExchangeState, now: number): Applied<CarExchangeState> {
  const { state: next, result: events } = edit(state, (s) => {
    const events: GameEvent[] = [];
    // Each step clears or moves the deadline it ran; the guard only protects against a bug looping forever.
    for (let guard = 0; guard < 1000; guard++) {
      const due = dues(s).filter((d) => d.at <= now);
      if (due.length === 0) break;
      const first = due.reduce((a, b) => (b.at < a.at ? b : a));
      first.run(s, first.at, events);
    }
    return events;
  });
  return { ok: true, state: next, events };
}
