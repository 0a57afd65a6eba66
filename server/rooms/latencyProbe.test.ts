import { describe, expect, it } from 'vitest';
import { LatencyProbe } from './latencyProbe.js';
import { FLOOR_MS } from '../../shared/delayEstimate.js';

describe('round trips the room times itself', () => {
  it('measures from the pong it sent to the echo of its nonce', () => {
    const probe = new LatencyProbe();
    const n = probe.probe('a', 1000);
    expect(probe.echo('a', n, 1042)).toBe(true);
    expect(probe.allowance('a', 250)).toBe(42 + FLOOR_MS);
  });
  it('ignores a nonce it never sent, a repeated echo, and another client’s nonce', () => {
    const probe = new LatencyProbe();
    const n = probe.probe('a', 1000);
    expect(probe.echo('a', n + 1, 1001)).toBe(false);
    expect(probe.echo('b', n, 1001)).toBe(false);
    expect(probe.allowance('a', 250)).toBe(0);
    expect(probe.echo('a', n, 1080)).toBe(true);
    expect(probe.echo('a', n, 1081)).toBe(false);
    expect(probe.allowance('a', 250)).toBe(80 + FLOOR_MS);
  });
  it('keeps only the last few unanswered probes of a client', () => {
    const probe = new LatencyProbe();
    const first = probe.probe('a', 0);
    for (let i = 1; i <= 4; i++) probe.probe('a', i);
    expect(probe.echo('a', first, 10)).toBe(false);
  });
  it('forgets a client that left', () => {
    const probe = new LatencyProbe();
    probe.echo('a', probe.probe('a', 0), 30);
    probe.forget('a');
    expect(probe.allowance('a', 250)).toBe(0);
  });
});
