/**
 * The frame's one clock: what the running deadline is for, in words. The server's state gives
 * the phase, the next deadline (or the bots' auto-start time while waiting) and the seats it
 * waits on; each purpose gets its own label, so there is never a second, disagreeing clock.
 */
import type { Msg } from '../../shared/i18n/msg.js';

export interface ClockInput {
  game: string;
  phase: string;
  deadline: number;
  autoStartAt: number;
  /** A tournament table waiting for its registrants: until when, and the seats still missing. */
  checkIn?: { deadline: number; waitingFor: readonly number[] } | null;
  active: readonly number[];
  /**
   * Active seats waited on for something other than playing (Took Over!'s taker, who may take
   * over during another's turn): the label names whose turn it is, never them.
   */
  cued?: readonly number[];
  mySeat: number | null;
  now: number;
}

/** What a deadline nobody in particular is waited on means, where the game gives it one meaning. */
const IDLE_CLOCK: Record<string, string> = {
  rush_hour: 'common:clock.reveal',
  traffic_memory: 'common:clock.cards_back',
};

export type ClockLabel = { msg: Msg; mine: boolean; names?: number[] } | null;

/** Seconds left, rounded up, never negative. */
export function secondsLeft(target: number, now: number): number {
  return Math.max(0, Math.ceil((target - now) / 1000));
}

/**
 * `names` lists the seats the label names (the caller turns them into a list of names and passes
 * it as `names`/`name`). `mine` is true when the reader is one of the seats being waited on.
 */
export function clockLabel(c: ClockInput): ClockLabel {
  if (c.phase === 'finished') return { msg: { key: 'common:clock.finished' }, mine: false };
  if (c.phase === 'waiting') {
    if (c.checkIn) return { msg: { key: 'common:clock.check_in', params: { s: secondsLeft(c.checkIn.deadline, c.now) } }, mine: false, names: [...c.checkIn.waitingFor] };
    if (c.autoStartAt > 0) return { msg: { key: 'common:clock.bots_fill', params: { s: secondsLeft(c.autoStartAt, c.now) } }, mine: false };
    return { msg: { key: 'common:clock.waiting_players' }, mine: false };
  }
  const timed = c.deadline > 0;
  const s = timed ? secondsLeft(c.deadline, c.now) : 0;
  const withTime = (key: string, params: Record<string, string | number> = {}): Msg =>
    ({ key: timed ? key : `${key}_open`, params: timed ? { ...params, s } : params });
  const playing = turnSeats(c.active, c.cued ?? []);
  const mine = c.mySeat !== null && playing.includes(c.mySeat);
  if (mine) return { msg: withTime('common:clock.your_turn'), mine: true };
  if (playing.length === 1) return { msg: withTime('common:clock.their_turn'), mine: false, names: [...playing] };
  if (playing.length > 1) return { msg: withTime('common:clock.waiting_for'), mine: false, names: [...playing] };
  if (timed) return { msg: { key: IDLE_CLOCK[c.game] ?? 'common:clock.next_step', params: { s } }, mine: false };
  return null;
}

/** The active seats whose turn it is: the cued ones are waited on for something else. */
function turnSeats(active: readonly number[], cued: readonly number[]): readonly number[] {
  const playing = active.filter((s) => !cued.includes(s));
  return playing.length > 0 ? playing : active;
}
