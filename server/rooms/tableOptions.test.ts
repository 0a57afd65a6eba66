/** Table options with the real games' option schemas: creation, the pace, the host's changes and the server-only options. */
import { describe, expect, it } from 'vitest';
import { carExchangeGame } from '../../shared/games/car_exchange/index.js';
import { railwayMadnessGame } from '../../shared/games/railway/index.js';
import { parseRematch, parseTableOptions, parseTournament, reconfigure } from './tableOptions.js';

const refusalOf = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return (error as { code?: unknown; message?: unknown }).message ?? error;
  }
  return null;
};

describe('parseTableOptions', () => {
  it('a live table keeps exactly the game\'s options (the join fields left out)', () => {
    const paced = parseTableOptions(railwayMadnessGame, { name: 'Ana', private: true, variant: 'juniors', players: 3 }, undefined);
    expect(paced.turnBased).toBe(false);
    expect(paced.options).toEqual(railwayMadnessGame.optionsSchema.parse({ variant: 'juniors', players: 3 }));
  });

  it('a turn-based table gets its move clock on every clocked option; a tournament may not be turn-based', () => {
    const paced = parseTableOptions(carExchangeGame, { players: 3, pace: 'turn', moveClock: '24h' }, 5_000);
    expect(paced.turnBased).toBe(true);
    expect(paced.options).toMatchObject({ pace: 'turn', turnMs: 5_000, raceMode: true });
    expect(refusalOf(() => parseTableOptions(carExchangeGame, { players: 3, pace: 'turn', tournament: {} }, 5_000))).not.toBeNull();
  });

  it('refuses a seat count outside the game\'s range', () => {
    expect(refusalOf(() => parseTableOptions(railwayMadnessGame, { players: 99 }, undefined))).not.toBeNull();
  });
});

describe('reconfigure', () => {
  const current = parseTableOptions(railwayMadnessGame, { variant: 'juniors', players: 4 }, undefined);

  it('a valid change: the new options, and the game\'s own options to show', () => {
    const change = reconfigure(railwayMadnessGame, current, { isPrivate: true, taken: 2 }, { options: { players: 3 } }, undefined);
    expect(change).toMatchObject({ ok: true, paced: { turnBased: false, options: { variant: 'juniors', players: 3 } }, game: { players: 3 } });
  });

  it('refuses a table smaller than its seated players, a bad message, and a new pace at a public table', () => {
    expect(reconfigure(railwayMadnessGame, current, { isPrivate: true, taken: 4 }, { options: { players: 3 } }, undefined)).toEqual({ ok: false, code: 'table_too_small' });
    expect(reconfigure(railwayMadnessGame, current, { isPrivate: true, taken: 1 }, 'nonsense', undefined)).toMatchObject({ ok: false, code: 'bad_message' });
    const cars = parseTableOptions(carExchangeGame, { players: 3 }, undefined);
    expect(reconfigure(carExchangeGame, cars, { isPrivate: false, taken: 1 }, { options: { pace: 'turn' } }, undefined)).toEqual({ ok: false, code: 'turn_based_private_only' });
    expect(reconfigure(carExchangeGame, cars, { isPrivate: true, taken: 1 }, { options: { pace: 'turn' } }, undefined)).toMatchObject({ ok: true, paced: { turnBased: true } });
  });
});

describe('server-only options', () => {
  it('need the internal key', () => {
    const tournament = { tournamentId: 'cup', tableId: 't', seats: [{ playerId: 'p', name: 'Ana' }] };
    expect(parseTournament({ tournament, internalKey: 'k' }, 'k').checkInGraceSeconds).toBe(60);
    expect(refusalOf(() => parseTournament({ tournament, internalKey: 'x' }, 'k'))).not.toBeNull();
    expect(parseRematch({ rematch: { bots: [{ seat: 1, level: 'easy' }] }, internalKey: 'k' }, 'k', 2).bots).toHaveLength(1);
    expect(refusalOf(() => parseRematch({ rematch: { bots: [{ seat: 2, level: 'easy' }] }, internalKey: 'k' }, 'k', 2))).not.toBeNull();
  });
});
