/** RoomTimers: each timer fires once at its own moment; cleared and disposed timers never fire; a throw is reported. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoomTimers } from './roomTimers.js';

describe('RoomTimers', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('fires each timer once when it is due, not on a tick', () => {
    vi.useFakeTimers();
    const timers = new RoomTimers(() => undefined);
    const fired: string[] = [];
    timers.setTimeout(() => fired.push('a'), 3);
    timers.setTimeout(() => fired.push('b'), 17);
    vi.advanceTimersByTime(2);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['a']);
    vi.advanceTimersByTime(14);
    expect(fired).toEqual(['a', 'b']);
    vi.advanceTimersByTime(100);
    expect(fired).toEqual(['a', 'b']);
    expect(timers.pending).toBe(0);
  });

  it('never fires a cleared timer, nor any timer once the room is disposed', () => {
    vi.useFakeTimers();
    const timers = new RoomTimers(() => undefined);
    const fired: string[] = [];
    timers.setTimeout(() => fired.push('cleared'), 5).clear();
    timers.setTimeout(() => fired.push('disposed'), 5);
    timers.clearAll();
    timers.setTimeout(() => fired.push('after'), 1);
    vi.advanceTimersByTime(50);
    expect(fired).toEqual([]);
    expect(timers.pending).toBe(0);
  });

  it('reports an exception thrown by a timer and keeps the others running', () => {
    vi.useFakeTimers();
    const reported: unknown[] = [];
    const timers = new RoomTimers((error) => reported.push(error));
    const fired: string[] = [];
    timers.setTimeout(() => { throw new Error('boom'); }, 1);
    timers.setTimeout(() => fired.push('next'), 2);
    vi.advanceTimersByTime(5);
    expect((reported[0] as Error).message).toBe('boom');
    expect(fired).toEqual(['next']);
  });
});
