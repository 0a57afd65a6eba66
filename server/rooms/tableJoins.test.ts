/** What `GET /api/players/me/games` learns of a seat here, read from a real table state, seating and facts. */
import { describe, expect, it } from 'vitest';
import { tinyGame } from '../../shared/games/testing/tiny/index.js';
import { TableState } from '../state/TableState.js';
import type { FillingTable } from '../turnbased/fillingTable.js';
import { Seating } from './seating.js';
import { TableFacts } from './tableFacts.js';
import { TableJoins, type JoinedTable } from './tableJoins.js';

function table(filling = false) {
  const state = new TableState();
  const seating = new Seating(state.players, 'room1');
  const facts = new TableFacts(tinyGame);
  facts.options = { variant: '', players: 2 };
  seating.seatAway(1, 'Ana', { id: 'ana', display: 'Ana' }, 0);
  // seatHeldFor reads only these parts of the room.
  const parts = { state, seating, facts, filling: filling ? ({} as FillingTable) : null } as unknown as JoinedTable;
  return { state, facts, joins: new TableJoins(parts) };
}

describe('TableJoins.seatHeldFor', () => {
  it('nothing for an identity without a seat here, or for a finished table', () => {
    const { state, joins } = table();
    state.phase = 'playing';
    expect(joins.seatHeldFor('bo')).toBeNull();
    expect(joins.seatHeldFor(42)).toBeNull();
    expect(joins.seatHeldFor('ana')).not.toBeNull();
    state.phase = 'finished';
    expect(joins.seatHeldFor('ana')).toBeNull();
  });

  it('a game in play: the seats to move and the deadline as a wall time (the table time plus its offset)', () => {
    const { state, facts, joins } = table();
    state.phase = 'playing';
    state.active.push(1);
    state.deadline = 5_000;
    facts.clockOffset = 1_000;
    facts.turnBased = true;
    expect(joins.seatHeldFor('ana')).toEqual({ turn: [1], deadline: 6_000, turnBased: true });
    state.deadline = 0;
    expect(joins.seatHeldFor('ana')).toEqual({ turn: [1], deadline: null, turnBased: true });
  });

  it('a queue table still filling: the moment bots take the free seats, and how many are taken', () => {
    const { state, facts, joins } = table(true);
    state.autoStartAt = 9_000;
    facts.clockOffset = 500;
    expect(joins.seatHeldFor('ana')).toEqual({ turn: [], deadline: 9_500, turnBased: true, filling: { taken: 1, seats: 2 } });
  });
});
