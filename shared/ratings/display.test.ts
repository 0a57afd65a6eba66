import { describe, expect, it } from 'vitest';
import { ordinal, rate, rating } from 'openskill';
import { DISPLAY_FLOOR, displayRating, displayValue, PROVISIONAL_GAMES } from './display.js';

describe('the rating players read', () => {
  it('a newcomer reads 1500, provisional', () => {
    expect(displayRating(ordinal(rating()), 0)).toEqual({ display: 1500, provisional: true });
  });

  it('a first loss and a first win read as familiar numbers around 1500, not −1.83 and 3.44', () => {
    const [[win], [loss]] = rate([[rating()], [rating()]]);
    expect(displayValue(ordinal(loss))).toBe(1423);
    expect(displayValue(ordinal(win))).toBe(1644);
  });

  it('is never negative, however low the ordinal', () => {
    expect(displayValue(-1000)).toBe(DISPLAY_FLOOR);
    let r = rating();
    for (let i = 0; i < 200; i++) r = rate([[rating({ mu: 25, sigma: 1 })], [r]])[1][0];
    expect(displayValue(ordinal(r))).toBeGreaterThan(0);
  });

  it(`is provisional until ${PROVISIONAL_GAMES} rated games`, () => {
    expect(displayRating(0, PROVISIONAL_GAMES - 1).provisional).toBe(true);
    expect(displayRating(0, PROVISIONAL_GAMES).provisional).toBe(false);
  });

  it('orders players as the ordinal does', () => {
    const ordinals = [-7.2, -1.83, 0, 0.01, 3.44, 12.5];
    const shown = ordinals.map(displayValue);
    expect([...shown].sort((a, b) => a - b)).toEqual(shown);
  });
});
