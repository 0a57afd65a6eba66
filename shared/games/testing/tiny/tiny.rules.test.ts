import { describe, expect, it } from 'vitest';
import { engineHarness } from '../engineHarness.js';
import { tinyGame as game } from './index.js';
import { TAPS_EACH, type TinyState } from './rules.js';

const { act, refusal } = engineHarness<TinyState>(game);
const start = (seed = 3) => game.setup(game.optionsSchema.parse({}), 2, seed, 0);

describe('Tiny (test-only)', () => {
  it('seats take turns to tap; the higher hidden number wins once each has tapped twice', () => {
    let s = start();
    expect(refusal(s, 1, { type: 'tap' }).code).toBe('not_your_turn');
    for (let move = 0; move < 2 * TAPS_EACH; move++) s = act(s, move % 2, { type: 'tap' }).state;
    const winner = s.secrets[0].number > s.secrets[1].number ? 0 : 1;
    expect(game.result(s)).toEqual({
      seats: [0, 1].map((seat) => ({ seat, place: seat === winner ? 1 : 2, score: TAPS_EACH })),
      summary: { key: 'tiny:summary.win', params: { seat: `@${winner}` } },
    });
    expect(refusal(s, s.turn, { type: 'tap' }).code).toBe('game_over');
  });

  it('shows each seat its own secret only; the public view holds none', () => {
    const s = start();
    expect(JSON.stringify(game.publicView(s, 0))).not.toContain('tiny-secret');
    expect(game.seatView(s, 0, 0)).toEqual({ seat: 0, ...s.secrets[0] });
    expect(JSON.stringify(game.seatView(s, 0, 0))).not.toContain(s.secrets[1].word);
  });
});
