/** Seating on a real players map: free seats, compaction, host passing, bots, reservations and away seats. */
import { describe, expect, it } from 'vitest';
import { MapSchema } from '@colyseus/schema';
import { PlayerState } from '../state/TableState.js';
import { Seating } from './seating.js';

const table = () => {
  const players = new MapSchema<PlayerState>();
  return { players, seating: new Seating(players, 'room1') };
};
const seats = (players: MapSchema<PlayerState>) => [...players.values()].map((p) => [p.seat, p.name, p.bot, p.host]).sort((a, b) => Number(a[0]) - Number(b[0]));

describe('Seating', () => {
  it('seats humans and bots in the lowest free seats; the first human at a private table hosts', () => {
    const { players, seating } = table();
    seating.seatHuman('a', { name: 'Ana' }, undefined, true);
    seating.addBot('hard');
    seating.seatHuman('b', { name: 'Bo' }, undefined, true);
    expect(seats(players)).toEqual([[0, 'Ana', false, true], [1, 'Bot 2 ★', true, false], [2, 'Bo', false, false]]);
    expect(seating.taken).toBe(3);
    expect(seating.tableBots()).toEqual([{ seat: 1, level: 'hard' }]);
  });

  it('a quick-play table has no host; a player without a name is numbered', () => {
    const { players, seating } = table();
    seating.seatHuman('a', {}, undefined, false);
    expect(seats(players)).toEqual([[0, 'Player 1', false, false]]);
  });

  it('a bot can be put back in a given seat (rematch), and removed by seat with the seats compacted', () => {
    const { players, seating } = table();
    seating.addBot('easy', 2);
    seating.seatHuman('a', { name: 'Ana' }, undefined, true);
    expect(seats(players)).toEqual([[0, 'Ana', false, true], [2, 'Bot 3', true, false]]);
    expect(seating.removeBot(0)).toBe(false);
    expect(seating.removeBot(2)).toBe(true);
    expect(seats(players)).toEqual([[0, 'Ana', false, true]]);
  });

  it('when the host leaves a waiting table the seats close up and the next present human hosts', () => {
    const { players, seating } = table();
    seating.seatHuman('a', { name: 'Ana' }, undefined, true);
    seating.addBot('easy');
    seating.seatHuman('b', { name: 'Bo' }, undefined, true);
    seating.leaveWaiting('a');
    expect(seats(players)).toEqual([[0, 'Bot 2', true, false], [1, 'Bo', false, true]]);
  });

  it('an away seat is played by a bot after the grace period; the wake-up is when the next one passes it', () => {
    const { seating } = table();
    seating.seatHuman('a', { name: 'Ana' }, undefined, true);
    seating.seatHuman('b', { name: 'Bo' }, undefined, true);
    seating.addBot('hard');
    seating.away('a', 1_000);
    expect(seating.botSeats(1_500, 1_000)).toEqual({ seats: new Map([[2, 'hard']]), wakeAt: 2_000 });
    expect(seating.botSeats(2_000, 1_000)).toEqual({ seats: new Map([[2, 'hard'], [0, 'easy']]), wakeAt: null });
    seating.back('a');
    expect(seating.botSeats(9_000, 1_000).seats).toEqual(new Map([[2, 'hard']]));
  });

  it('a player who leaves a running game for good is replaced by a bot and the host role passes on', () => {
    const { players, seating } = table();
    const ana = seating.seatHuman('a', { name: 'Ana' }, undefined, true);
    seating.seatHuman('b', { name: 'Bo' }, undefined, true);
    seating.replaceByBot(ana);
    expect(seats(players)).toEqual([[0, 'Ana (bot)', true, false], [1, 'Bo', false, true]]);
    expect(seating.tableBots()).toEqual([]);
  });

  it('tournament seats are reserved for their registrants, who take them with their identity', () => {
    const { players, seating } = table();
    seating.reserveTournament({ tournamentId: 't', tableId: 't1', seats: [{ playerId: 'p1', name: 'Ana#0001', identityId: 'u_a' }, { playerId: 'p2', name: 'Bo' }] }, 0);
    expect(seating.hasReservation('p2')).toBe(true);
    expect(seating.botSeats(10, 5).seats).toEqual(new Map([[0, 'easy'], [1, 'easy']]));
    const bo = seating.seatHuman('s2', { name: 'ignored', playerId: 'p2' }, undefined, false);
    expect(bo.seat).toBe(1);
    expect(bo.connected).toBe(true);
    expect(players.has('reserved:p2')).toBe(false);
    expect(seating.hasReservation('p2')).toBe(false);
    expect(seating.holdsIdentity('u_a')).toBe(true);
    expect(seating.linkedSeats()).toBe(1);
    expect(seating.sessionSeats()).toEqual([
      { seat: 0, name: 'Ana#0001', identityId: 'u_a', bot: false },
      { seat: 1, name: 'Bo', identityId: null, bot: false },
    ]);
  });

  it('finds an identity\'s seat under any key and moves it to a new connection, present again; a resigned seat is no longer theirs', () => {
    const { players, seating } = table();
    seating.seatHuman('old', { name: 'Ana' }, { identity: { id: 'u_a', display: 'Ana#1' }, issued: null }, false);
    seating.addBot('easy');
    seating.away('old', 0);
    expect(seating.botSeats(10_000, 100).seats.has(0)).toBe(true);
    expect(seating.seatOfIdentity('u_a')?.key).toBe('old');
    const player = seating.rekey('old', 'new')!;
    expect(players.get('new')).toBe(player);
    expect(players.has('old')).toBe(false);
    expect(player.connected).toBe(true);
    expect(seating.botSeats(10_000, 100).seats.has(0)).toBe(false);
    expect(seating.humans()).toBe(1);
    seating.resign(player);
    expect(seating.seatOfIdentity('u_a')).toBeNull();
    expect([...seating.resignedSeats()]).toEqual([0]);
    expect(seating.humans()).toBe(0);
  });

  it('tournament check-in: who is missing, a leaver reserved again, no-shows played by a bot at once', () => {
    const { players, seating } = table();
    seating.reserveTournament({ tournamentId: 't', tableId: 't1', seats: [{ playerId: 'p1', name: 'Ana', identityId: 'u_a' }, { playerId: 'p2', name: 'Bo' }, { playerId: 'p3', name: 'Cleo' }] }, 1_000);
    expect(seating.reservedSeats().map((s) => s.name)).toEqual(['Ana', 'Bo', 'Cleo']);
    seating.seatHuman('s1', { playerId: 'p1' }, undefined, false);
    seating.seatHuman('s2', { playerId: 'p2' }, undefined, false);
    expect(seating.reservedSeats()).toEqual([{ playerId: 'p3', name: 'Cleo', seat: 2 }]);
    // Ana leaves before the start: her seat is hers again, awaited, still linked to her identity.
    seating.reserveAgain('s1', 'p1', 2_000);
    expect(players.has('s1')).toBe(false);
    expect(seating.reservedSeats().map((s) => s.seat)).toEqual([0, 2]);
    expect(seating.holdsIdentity('u_a')).toBe(true);
    // Check-in closes: Ana and Cleo are no-shows, their bots play now, not after a grace of an hour.
    expect(seating.closeCheckIn()).toEqual([{ playerId: 'p1', seat: 0 }, { playerId: 'p3', seat: 2 }]);
    expect(seating.botSeats(2_001, 3_600_000).seats).toEqual(new Map([[0, 'easy'], [2, 'easy']]));
    // A no-show who comes after all takes the seat back from the bot.
    seating.seatHuman('s3', { playerId: 'p3' }, undefined, false);
    expect(seating.botSeats(2_002, 3_600_000).seats).toEqual(new Map([[0, 'easy']]));
  });
});
