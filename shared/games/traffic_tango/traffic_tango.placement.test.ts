/** Placing signs (RULES-NOTES 3.3 and 3.5): legality at submission, stacking, the impossible-route check. */
import { describe, expect, it } from 'vitest';
import { checkSigns, extraSignCost, resolvePlacements } from './placement.js';
import { withSigns, type Sign } from './signs.js';
import { act, mapOf, refusal, table, T } from './testing.js';
import { trafficTangoGame as game } from './index.js';
import { Rng } from '../../random.js';
import { DIRS } from './board.js';
import { isOpen } from './moves.js';

const ok = (signs: Sign[], base = mapOf(), stopUsed = false) => {
  const r = checkSigns(base, signs, stopUsed);
  return r.ok ? 'ok' : r.code;
};

describe('placement rules at submission', () => {
  it('no sign on a corner', () => {
    expect(ok([{ kind: 'toll', tile: T('A1') }])).toBe('corner');
    expect(ok([{ kind: 'toll', tile: T('E5') }])).toBe('corner');
  });

  it('no sign on a tile that already has one, no Speed Limit on a line that already has one', () => {
    const base = mapOf({ kind: 'yield', tile: T('C3') }, { kind: 'speed', line: 2 });
    expect(ok([{ kind: 'toll', tile: T('C3') }], base)).toBe('tile_taken');
    expect(ok([{ kind: 'speed', line: 2 }], base)).toBe('line_taken');
    expect(ok([{ kind: 'speed', line: 7 }], base)).toBe('ok');
  });

  it('a Stop Sign only once per game per player', () => {
    expect(ok([{ kind: 'stop', tile: T('C3') }], mapOf(), true)).toBe('stop_used');
    expect(ok([{ kind: 'stop', tile: T('C3') }], mapOf(), false)).toBe('ok');
  });

  it('an extra sign must be a different type on a different tile', () => {
    expect(ok([{ kind: 'toll', tile: T('C3') }, { kind: 'toll', tile: T('C4') }])).toBe('extra_same_type');
    expect(ok([{ kind: 'toll', tile: T('C3') }, { kind: 'yield', tile: T('C3') }])).toBe('extra_same_type'.replace('type', 'tile'));
    expect(ok([{ kind: 'toll', tile: T('C3') }, { kind: 'speed', line: 7 }])).toBe('ok');
  });

  it('the extra sign costs 8 / 6 / 4 / 2 garnets in Traffic phases 1–4', () => {
    expect([1, 2, 3, 4].map(extraSignCost)).toEqual([8, 6, 4, 2]);
  });

  it('impossible route at submission: a Stop on A2 is rejected when B1 already has a Stop', () => {
    expect(ok([{ kind: 'stop', tile: T('A2') }], mapOf({ kind: 'stop', tile: T('B1') }))).toBe('blocks_route');
  });

  it('Speed Limits count in the impossible-route check: 175 on row 1 and column A blocks NW', () => {
    const four = (line: number): Sign[] => [1, 2, 3, 4].map(() => ({ kind: 'speed', line }));
    expect(resolvePlacements(mapOf(), [...four(5), ...four(0)]).every((p) => !p)).toBe(true);
  });
});

describe('stacking', () => {
  it('signs placed on the same tile in the same phase all occupy it', () => {
    const map = withSigns(mapOf(), [{ kind: 'yield', tile: T('C3') }, { kind: 'toll', tile: T('C3') }, { kind: 'roundabout', tile: T('C3') }]);
    expect(map.tiles[T('C3')]).toEqual({ oneWay: [], yield: true, roundabout: true, tolls: 1, stop: false });
  });

  it('One Ways stack into Two, Three and Four Way signs (union of exits)', () => {
    const ways = (dirs: ('N' | 'E' | 'S' | 'W')[]) => withSigns(mapOf(), dirs.map((dir) => ({ kind: 'oneWay', tile: T('C3'), dir }))).tiles[T('C3')].oneWay;
    expect(ways(['E', 'N'])).toEqual(['N', 'E']);
    expect(ways(['E', 'N', 'W'])).toEqual(['N', 'E', 'W']);
    expect(ways(['S', 'E', 'N', 'W'])).toEqual(['N', 'E', 'S', 'W']);
  });

  it('Tolls on the same tile add up', () => {
    expect(withSigns(mapOf(), [{ kind: 'toll', tile: T('C3') }, { kind: 'toll', tile: T('C3') }]).tiles[T('C3')].tolls).toBe(2);
  });

  it('Speed Limits on the same line stack into 105, 140 and 175 (3, 4, 5 tiles a move)', () => {
    const s = table({ day: 1 });
    let cur = s;
    for (let seat = 0; seat < 3; seat++) cur = act(cur, seat, { type: 'signs', signs: [{ kind: 'speed', line: '3' }] }).state;
    cur = act(cur, 3, { type: 'signs', signs: [] }).state;
    const line = game.publicView(cur, 0).lines.find((l) => l.line === '3');
    expect(line).toEqual({ line: '3', signs: 3, limit: 140, tilesPerMove: 4 });
  });
});

describe('impossible-route check at resolution (RULES-NOTES 3.5)', () => {
  it('a Stop on B1 and a Stop on A2 from two players both fail and both owners are told', () => {
    let s = table({ day: 1 });
    s = act(s, 0, { type: 'signs', signs: [{ kind: 'stop', tile: 'B1' }] }).state;
    s = act(s, 1, { type: 'signs', signs: [{ kind: 'stop', tile: 'A2' }] }).state;
    s = act(s, 2, { type: 'signs', signs: [{ kind: 'toll', tile: 'C3' }] }).state;
    const last = act(s, 3, { type: 'signs', signs: [] });
    const failed = last.events.filter((e) => e.type === 'signFailed');
    expect(failed.map((e) => e.to)).toEqual([[0], [1]]);
    expect(last.state.placed.map((p) => p.sign)).toEqual([{ kind: 'toll', tile: T('C3') }]);
    // A Stop that fails does not use up the player's one Stop.
    expect(last.state.stopUsed).toEqual([false, false, false, false]);
    expect(game.seatView(last.state, 0, 0).failedSigns).toEqual([{ day: 1, sign: { kind: 'stop', tile: 'B1' } }]);
    expect(game.seatView(last.state, 2, 0).failedSigns).toEqual([]);
  });

  it('One Way B1 W plus One Way A2 N block NW; a third player adding One Way B1 E gets all three placed', () => {
    const blocked: Sign[] = [{ kind: 'oneWay', tile: T('B1'), dir: 'W' }, { kind: 'oneWay', tile: T('A2'), dir: 'N' }];
    expect(resolvePlacements(mapOf(), blocked)).toEqual([false, false]);
    expect(resolvePlacements(mapOf(), [...blocked, { kind: 'oneWay', tile: T('B1'), dir: 'E' }])).toEqual([true, true, true]);
  });

  it('only the signs of a minimal blocking subset fail; the others are placed', () => {
    const signs: Sign[] = [{ kind: 'stop', tile: T('B1') }, { kind: 'toll', tile: T('C3') }, { kind: 'stop', tile: T('A2') }, { kind: 'speed', line: 7 }];
    expect(resolvePlacements(mapOf(), signs)).toEqual([false, true, false, true]);
  });

  it('every sign of every minimal blocking subset fails, even when the subsets overlap', () => {
    const signs: Sign[] = [
      { kind: 'oneWay', tile: T('B1'), dir: 'W' }, { kind: 'oneWay', tile: T('A2'), dir: 'N' },
      { kind: 'oneWay', tile: T('B1'), dir: 'S' }, { kind: 'stop', tile: T('B2') }, { kind: 'toll', tile: T('D4') },
    ];
    // Minimal blocking subsets: {B1 W, A2 N} and {A2 N, B1 S, Stop B2}. The Toll is placed.
    expect(resolvePlacements(mapOf(), signs)).toEqual([false, false, false, false, true]);
  });

  it('the signs that are placed never block a route (random phases, with the all-fail guard)', () => {
    const rng = new Rng(42);
    const kinds = ['oneWay', 'stop', 'speed', 'toll'] as const;
    for (let n = 0; n < 150; n++) {
      const signs: Sign[] = Array.from({ length: 2 + rng.int(6) }, () => {
        const kind = rng.pick(kinds);
        if (kind === 'speed') return { kind, line: rng.int(10) };
        const tile = rng.pick([1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23]);
        return kind === 'oneWay' ? { kind, tile, dir: rng.pick(DIRS) } : { kind, tile };
      });
      const placed = resolvePlacements(mapOf(), signs);
      expect(isOpen(withSigns(mapOf(), signs.filter((_, i) => placed[i])))).toBe(true);
    }
  });

  it('a failed extra sign is refunded (its garnets are not taken)', () => {
    let s = table({ day: 1, garnets: [10, 0, 0, 0] });
    s = act(s, 0, { type: 'signs', signs: [{ kind: 'stop', tile: 'B1' }, { kind: 'toll', tile: 'C3' }] }).state;
    s = act(s, 1, { type: 'signs', signs: [{ kind: 'stop', tile: 'A2' }] }).state;
    s = act(s, 2, { type: 'signs', signs: [] }).state;
    s = act(s, 3, { type: 'signs', signs: [] }).state;
    expect(s.garnets[0]).toBe(10);
    let t = table({ day: 1, garnets: [10, 0, 0, 0] });
    t = act(t, 0, { type: 'signs', signs: [{ kind: 'yield', tile: 'B2' }, { kind: 'toll', tile: 'C3' }] }).state;
    for (const seat of [1, 2, 3]) t = act(t, seat, { type: 'signs', signs: [] }).state;
    expect(t.garnets[0]).toBe(2);
    expect(t.placed).toHaveLength(2);
  });

  it('an extra sign needs the garnets at submission', () => {
    expect(refusal(table({ day: 1, garnets: [7, 0, 0, 0] }), 0, { type: 'signs', signs: [{ kind: 'yield', tile: 'B2' }, { kind: 'toll', tile: 'C3' }] }).code).toBe('garnets');
  });

  it('signs placed on day 2 count only from the next delivery (RULES-NOTES 3.2)', () => {
    let s = table({ day: 2 });
    s = act(s, 0, { type: 'signs', signs: [{ kind: 'stop', tile: 'B1' }] }).state;
    // The route over B1 is still legal today: the map is yesterday's.
    s = act(s, 0, { type: 'route', tiles: 'A1 B1 C1 D1 E1 E2 E3 E4 E5'.split(' ') }).state;
    expect(s.pending[0].route).not.toBeNull();
  });
});
