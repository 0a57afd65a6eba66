import { describe, expect, it } from 'vitest';
import { isTurnBased, splitPace, stripMoveClock, withMoveClock } from './pace.js';
import { TurnTimeouts } from './timeouts.js';
import { rushHourOptions as schema } from '../../shared/games/rush_hour/options.js';

const rushHourOptions = { parse: (raw: unknown): Record<string, unknown> => ({ ...schema.parse(raw) }) };

describe('table pace', () => {
  it('leaves a live table exactly as the game parses it', () => {
    const split = splitPace('rush_hour', { players: 3, pickMs: 20_000 });
    expect(split).toMatchObject({ ok: true, pace: { pace: 'live' }, engineInput: { players: 3, pickMs: 20_000 } });
    const options = rushHourOptions.parse(split.ok ? split.engineInput : {});
    expect(withMoveClock('rush_hour', options, { pace: 'live', moveClock: '24h' })).toBe(options);
  });

  it('puts the move clock on every clocked option of a turn-based table, past the live limits', () => {
    const split = splitPace('rush_hour', { pace: 'turn', moveClock: '3d', pickMs: 20_000 });
    if (!split.ok) throw new Error('refused');
    expect(split.engineInput).not.toHaveProperty('pickMs');
    const options = withMoveClock('rush_hour', rushHourOptions.parse(split.engineInput), split.pace);
    expect(options).toMatchObject({ pace: 'turn', moveClock: '3d', pickMs: 259_200_000, choiceMs: 259_200_000 });
    expect(isTurnBased(options)).toBe(true);
    expect(withMoveClock('rush_hour', rushHourOptions.parse(split.engineInput), split.pace, 2_000)).toMatchObject({ pickMs: 2_000 });
    // A configure message starts again from what the host set.
    expect(stripMoveClock('rush_hour', options)).not.toHaveProperty('pickMs');
  });

  it('makes Car Exchange reaction windows moves (raceMode New Car, the target blocks within the clock)', () => {
    const split = splitPace('car_exchange', { pace: 'turn', moveClock: '1h' });
    if (!split.ok) throw new Error('refused');
    expect(withMoveClock('car_exchange', { players: 4, raceMode: false }, split.pace))
      .toMatchObject({ raceMode: true, turnMs: 3_600_000, newCarWindowMs: 3_600_000, exchangeWindowMs: 3_600_000 });
    expect(splitPace('car_exchange', { pace: 'turn', talking: true })).toEqual({ ok: false, code: 'turn_based_no_talking' });
  });

  it('refuses races, unknown paces and clocks', () => {
    for (const game of ['railway_madness', 'bip_bip', 'took_over']) expect(splitPace(game, { pace: 'turn' })).toEqual({ ok: false, code: 'turn_based_not_offered' });
    expect(splitPace('rush_hour', { pace: 'slow' })).toEqual({ ok: false, code: 'bad_pace' });
    expect(splitPace('rush_hour', { pace: 'turn', moveClock: '2h' })).toEqual({ ok: false, code: 'bad_pace' });
    expect(splitPace('railway_madness', { pace: 'live' })).toMatchObject({ ok: true });
  });
});

describe('move clocks run out in a row', () => {
  const CLOCK = 1_000;
  it('gives a seat up at the third clock in a row, and a move of its own starts the count again', () => {
    const t = new TurnTimeouts(2, CLOCK);
    let now = 10_000;
    const runOut = (seats: number[]) => {
      t.noteActive(seats, now);
      now += CLOCK;
      const out = t.ranOut(seats, now);
      t.noteActive([], now);
      return out;
    };
    expect(runOut([0, 1])).toEqual([]);
    expect(runOut([0, 1])).toEqual([]);
    t.moved(1);
    expect(runOut([0, 1])).toEqual([0]);
    expect(t.record([], null).timeouts).toEqual([3, 1]);
  });

  it('does not count a short deadline (a reveal pause) as the seat\'s clock, and goes on from a sleeping record', () => {
    const t = new TurnTimeouts(2, CLOCK, { seats: [0], deadline: 5_000, timeouts: [2, 0], activeSince: [4_000, 0] });
    expect(t.ranOut([0], 4_200)).toEqual([]);
    expect(t.ranOut([0], 5_000)).toEqual([0]);
  });
});
