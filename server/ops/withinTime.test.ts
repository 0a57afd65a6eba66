import { afterEach, describe, expect, it, vi } from 'vitest';
import { withinTime } from './withinTime.js';

/** A promise this test settles itself. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

/** What a promise has come to so far, without waiting for it. */
function track<T>(promise: Promise<T>): { outcome: { value?: T; error?: unknown } | null } {
  const seen: { outcome: { value?: T; error?: unknown } | null } = { outcome: null };
  promise.then((value) => { seen.outcome = { value }; }, (error: unknown) => { seen.outcome = { error }; });
  return seen;
}

describe('withinTime', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('answered in time: the answer, and the bound\'s timer cleared', async () => {
    vi.useFakeTimers();
    const work = deferred<string>();
    const seen = track(withinTime(1_000, work.promise, () => 'late'));
    await vi.advanceTimersByTimeAsync(999);
    expect(seen.outcome).toBeNull();
    work.resolve('answered');
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.outcome).toEqual({ value: 'answered' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a refusal in time is passed on as it is', async () => {
    vi.useFakeTimers();
    const work = deferred<string>();
    const seen = track(withinTime(1_000, work.promise, () => 'late'));
    const refusal = new Error('refused');
    work.reject(refusal);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.outcome).toEqual({ error: refusal });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('the bound reached: what `late` returns, and an answer after it changes nothing', async () => {
    vi.useFakeTimers();
    const work = deferred<boolean>();
    const seen = track(withinTime(1_000, work.promise, () => false));
    await vi.advanceTimersByTimeAsync(999);
    expect(seen.outcome).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.outcome).toEqual({ value: false });
    work.resolve(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.outcome).toEqual({ value: false });
  });

  it('the bound reached: what `late` throws is the outcome, and a later refusal goes unreported', async () => {
    vi.useFakeTimers();
    const work = deferred<string>();
    const timeout = Object.assign(new Error('matchmake_timeout'), { code: 'matchmake_timeout' });
    const seen = track(withinTime(1_000, work.promise, () => { throw timeout; }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen.outcome).toEqual({ error: timeout });
    // No unhandled rejection: vitest would fail the run on one.
    work.reject(new Error('too late'));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.outcome).toEqual({ error: timeout });
  });
});
