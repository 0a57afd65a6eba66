/** A tournament table's check-in with the real Seating, TableState and TableClocks on Colyseus' own clock, stepped by the test. */
import { describe, expect, it } from 'vitest';
import { SteppedClock } from '../../test/support/steppedClock.js';
import { TableState } from '../state/TableState.js';
import { Seating } from './seating.js';
import { TableClocks } from './tableClocks.js';
import { TournamentCheckIn } from './tournamentCheckIn.js';
import { tournamentSeatingSchema } from './tournamentSeating.js';

function checkIn() {
  let now = 1_000;
  const clock = new SteppedClock();
  const state = new TableState();
  const seating = new Seating(state.players, 't');
  const started: number[] = [];
  const reported: string[][] = [];
  const t = tournamentSeatingSchema.parse({
    tournamentId: 'cup', tableId: 'r1t1', checkInGraceSeconds: 60,
    seats: [{ playerId: 'p-ana', name: 'Ana' }, { playerId: 'p-bo', name: 'Bo' }],
  });
  const table = new TournamentCheckIn(t, {
    state, seating, clocks: new TableClocks(clock, () => now), roomId: 'room', now: () => now,
    start: () => { started.push(now); state.phase = 'playing'; },
    noShows: (_table, _room, ids) => { reported.push(ids); },
  });
  table.open();
  const advance = (ms: number) => { now += ms; clock.step(ms); };
  const sitDown = (sessionId: string, playerId: string) => { seating.seatHuman(sessionId, { name: playerId, playerId }, undefined, false); table.arrived(); };
  return { state, seating, table, started, reported, advance, sitDown };
}

describe('TournamentCheckIn', () => {
  it('reserves every seat and waits for every registrant; the last one to sit down starts the game', () => {
    const { state, started, reported, advance, sitDown } = checkIn();
    expect(state.seats).toBe(2);
    expect(state.checkInDeadline).toBe(61_000);
    expect([...state.waitingFor]).toEqual([0, 1]);
    sitDown('s-bo', 'p-bo');
    expect([...state.waitingFor]).toEqual([0]);
    advance(10_000);
    sitDown('s-ana', 'p-ana');
    expect(started).toEqual([11_000]);
    expect(state.checkInDeadline).toBe(0);
    expect(reported).toEqual([]);
  });

  it('starts at the end of the grace with the registrants still missing reported as no-shows', () => {
    const { started, reported, advance, sitDown } = checkIn();
    sitDown('s-ana', 'p-ana');
    advance(59_000);
    expect(started).toEqual([]);
    advance(1_000);
    expect(started).toEqual([61_000]);
    expect(reported).toEqual([['p-bo']]);
  });

  it('a registrant who leaves before the start is awaited again; once started, their seat id takes the seat back', () => {
    const { state, seating, table, started, sitDown } = checkIn();
    sitDown('s-ana', 'p-ana');
    table.leftWaiting('s-ana', state.players.get('s-ana')!);
    expect(seating.hasReservation('p-ana')).toBe(true);
    expect([...state.waitingFor]).toEqual([0, 1]);
    sitDown('s-ana2', 'p-ana');
    sitDown('s-bo', 'p-bo');
    expect(started).toHaveLength(1);
    expect(table.seatOf('p-bo')).toBe(1);
    expect(table.seatOf('nobody')).toBeNull();
    expect(table.seatOf('')).toBeNull();
  });
});
