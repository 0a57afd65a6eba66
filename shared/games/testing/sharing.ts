/**
 * Test-only checks of the engines' structural sharing (shared/games/edit.ts): a state deep-frozen
 * before each step makes any write into the previous state throw, and after each accepted step
 * the parts whose contents did not change must still be the very same objects.
 */
import { expect } from 'vitest';
import type { AnyGame } from '../contract.js';
import { Rng } from '../../random.js';
import { botProposals, simulate } from './simulate.js';

/** Freezes every object and array reachable from `value` (states are plain data); returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

/**
 * Paths (a.b.0) where `after` holds a new object whose contents equal the object `before` held
 * there: a needless copy, which a mirror could not skip by reference. An object of `before` that
 * moved (a list shifted) is not new. Empty lists and objects are not counted (a rule may reset a
 * list to `[]`).
 */
export function needlessCopies(before: unknown, after: unknown): string[] {
  const old = new Set<unknown>();
  const collect = (a: unknown) => {
    if (typeof a !== 'object' || a === null || old.has(a)) return;
    old.add(a);
    for (const v of Object.values(a)) collect(v);
  };
  collect(before);
  const out: string[] = [];
  const walk = (a: unknown, b: unknown, at: string) => {
    if (typeof b !== 'object' || b === null || old.has(b)) return;
    if (typeof a === 'object' && a !== null && Object.keys(b).length > 0 && JSON.stringify(a) === JSON.stringify(b)) { out.push(at || '(root)'); return; }
    for (const key of Object.keys(b)) walk((a as Record<string, unknown> | undefined)?.[key], (b as Record<string, unknown>)[key], at ? `${at}.${key}` : key);
  };
  walk(before, after, '');
  return out;
}

/** Paths of `before` that are still the same object in `after` (not looking below a shared one). */
export function sharedPaths(before: unknown, after: unknown): string[] {
  const out: string[] = [];
  const walk = (a: unknown, b: unknown, at: string) => {
    if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return;
    if (a === b) { out.push(at || '(root)'); return; }
    for (const key of Object.keys(b)) walk((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], at ? `${at}.${key}` : key);
  };
  walk(before, after, '');
  return out;
}

export interface SharingReport {
  steps: number;
  /** Accepted steps that changed the state. */
  changes: number;
  /** Steps after which the state was the same object (nothing was due, nothing changed). */
  unchanged: number;
  /** Per changed step, how many of the previous state's top-level fields are still the same object, summed. */
  sharedTopLevel: number;
  /**
   * New objects equal to the ones they replaced, summed over the steps: a rule may rebuild a value
   * that comes out equal (a new round's zeros), but copying whole states would make this count
   * every unchanged part of every step.
   */
  needless: number;
}

/**
 * Plays one seeded bot game with every state deep-frozen (a write into a previous state throws)
 * and, after each step, checks that nothing unchanged was copied and that the views can be
 * computed from the frozen state. Throws on the first problem: a write into a frozen state, or a
 * step that copied more than three unchanged parts.
 */
export function playFrozen(game: AnyGame, options: Record<string, unknown>, seats: number, seed: number, maxSteps = 3000): SharingReport {
  const parsed = game.optionsSchema.parse({ players: seats, ...options });
  const start = deepFreeze(game.setup(parsed, seats, seed, 0));
  const all = Array.from({ length: seats }, (_, seat) => seat);
  const report: SharingReport = { steps: 0, changes: 0, unchanged: 0, sharedTopLevel: 0, needless: 0 };
  simulate(game, start, {
    propose: botProposals(game.bot, all, () => 'easy', new Rng(seed)),
    done: (s) => game.result(s) !== null,
    maxSteps,
    refusals: 'ignore',
    label: `${game.id} seed ${seed}`,
    check: ({ state, previous, now, step }) => {
      report.steps++;
      if (state === previous) { report.unchanged++; return; }
      deepFreeze(state);
      report.changes++;
      const needless = needlessCopies(previous, state);
      report.needless += needless.length;
      if (needless.includes('(root)') || needless.length > 3) throw new Error(`${game.id} seed ${seed} step ${step}: copied without a change: ${needless.join(', ')}`);
      const top = previous as Record<string, unknown>;
      report.sharedTopLevel += Object.keys(top).filter((k) => typeof top[k] === 'object' && top[k] !== null && top[k] === (state as Record<string, unknown>)[k]).length;
      game.publicView(state, now);
      all.forEach((seat) => game.seatView(state, seat, now));
    },
  });
  return report;
}

/** A seeded game played on deep-frozen states: it changes, shares top-level parts and copies little that did not change. */
export function expectSharedFrozenGame(game: AnyGame, options: Record<string, unknown>, seats: number, seed: number, minChanges = 10): void {
  const report = playFrozen(game, options, seats, seed);
  expect(report.changes).toBeGreaterThan(minChanges);
  expect(report.sharedTopLevel).toBeGreaterThan(0);
  expect(report.needless).toBeLessThan(report.changes / 4);
}
