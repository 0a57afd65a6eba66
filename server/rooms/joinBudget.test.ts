/** Seat joins and spectator joins are reserved from separate budgets: one kind never locks out the other. */
import { describe, expect, it } from 'vitest';
import { JOIN_SLACK, JoinBudget, joinKind } from './joinBudget.js';

const budget = new JoinBudget(() => ({ seats: 4, spectators: 5 }));

describe('JoinBudget', () => {
  it('tells spectator joins from seat joins (a reconnection is a seat)', () => {
    expect(joinKind({ spectator: true })).toBe('spectator');
    expect(joinKind({ name: 'Ana' })).toBe('seat');
    expect(joinKind(true)).toBe('seat');
    expect(joinKind(null)).toBe('seat');
  });

  it('spectator reservations filling their budget leave every seat place free', () => {
    const pending = Array.from({ length: 5 + JOIN_SLACK }, () => ({ spectator: true }));
    const counts = { seated: 1, spectators: 0, pending };
    expect(budget.left('spectator', counts)).toBe(0);
    expect(budget.left('seat', counts)).toBe(4 + JOIN_SLACK - 1);
    expect(budget.full(counts)).toBe(false);
  });

  it('is full only when both kinds are used up', () => {
    const pending = [...Array.from({ length: 4 + JOIN_SLACK }, () => ({})), ...Array.from({ length: 5 + JOIN_SLACK }, () => ({ spectator: true }))];
    expect(budget.full({ seated: 0, spectators: 0, pending })).toBe(true);
  });
});
