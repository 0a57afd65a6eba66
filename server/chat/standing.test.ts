import { describe, expect, it } from 'vitest';
import { cooldownEnd, FIRST_COOLDOWN_MS } from './standing.js';

const HOUR = 60 * 60 * 1000;

describe('leaver cooldown', () => {
  it('owes nothing for two leaves in a day', () => {
    expect(cooldownEnd([1_000, 2_000], 3_000)).toBeNull();
  });

  it('starts at the third leave within a day and doubles with each further one', () => {
    const now = 10 * HOUR;
    expect(cooldownEnd([now - 3 * HOUR, now - 2 * HOUR, now - 1_000], now)).toBe(now - 1_000 + FIRST_COOLDOWN_MS);
    expect(cooldownEnd([now - 4 * HOUR, now - 3 * HOUR, now - 2 * HOUR, now - 1_000], now)).toBe(now - 1_000 + 2 * FIRST_COOLDOWN_MS);
  });

  it('forgets leaves older than a day, and a cooldown already served', () => {
    const now = 30 * HOUR;
    expect(cooldownEnd([now - 25 * HOUR, now - 2 * HOUR, now - HOUR], now)).toBeNull();
    expect(cooldownEnd([now - 3 * HOUR, now - 2 * HOUR, now - HOUR], now)).toBeNull();
  });
});
