/** The tick resolver (RULES-NOTES 3.6 and the 3.8 list "Tick resolver" 1–15), plus collision kinds. */
import { describe, expect, it } from 'vitest';
import { resolveTick } from './simulate.js';
import { car, mapOf, T } from './testing.js';

const A = 0, B = 1, X = 2, D = 3;

describe('tick resolver (RULES-NOTES 3.8)', () => {
  it('1. two cars entering the same tile both crash there', () => {
    const r = resolveTick(mapOf(), [car(A, 'B2', 'C2'), car(B, 'D2', 'C2')], []);
    expect(r.outcomes).toEqual([{ kind: 'crash', tile: T('C2'), with: [B] }, { kind: 'crash', tile: T('C2'), with: [A] }]);
  });

  it('2. a swap crashes both, each on the tile it was leaving', () => {
    const r = resolveTick(mapOf(), [car(A, 'B2', 'C2'), car(B, 'C2', 'B2')], []);
    expect(r.outcomes).toEqual([{ kind: 'crash', tile: T('B2'), with: [B] }, { kind: 'crash', tile: T('C2'), with: [A] }]);
  });

  it('3. following a car into the tile it leaves is no crash', () => {
    const r = resolveTick(mapOf(), [car(A, 'B2', 'C2'), car(B, 'C2', 'D2')], []);
    expect(r.outcomes).toEqual([{ kind: 'move', to: T('C2') }, { kind: 'move', to: T('D2') }]);
  });

  it('4. a Yield on B2 makes A wait instead of crashing on C2', () => {
    const r = resolveTick(mapOf({ kind: 'yield', tile: T('B2') }), [car(A, 'B2', 'C2'), car(B, 'D2', 'C2')], []);
    expect(r.outcomes).toEqual([{ kind: 'wait' }, { kind: 'move', to: T('C2') }]);
  });

  it('5. Yields on B2 and D2 cancel out: mutual yield, both crash on C2 (Note 1)', () => {
    const map = mapOf({ kind: 'yield', tile: T('B2') }, { kind: 'yield', tile: T('D2') });
    const r = resolveTick(map, [car(A, 'B2', 'C2'), car(B, 'D2', 'C2')], []);
    expect(r.outcomes).toEqual([{ kind: 'crash', tile: T('C2'), with: [B] }, { kind: 'crash', tile: T('C2'), with: [A] }]);
  });

  it('6. chained yields: A waits for X, then B waits for the waiting A; X drives on', () => {
    const map = mapOf({ kind: 'yield', tile: T('B2') }, { kind: 'yield', tile: T('B3') });
    const r = resolveTick(map, [car(A, 'B2', 'C2'), car(X, 'D2', 'C2'), car(B, 'B3', 'B2')], []);
    expect(r.outcomes).toEqual([{ kind: 'wait' }, { kind: 'move', to: T('C2') }, { kind: 'wait' }]);
  });

  it('7. without the Yield on B3, B hits the waiting A and both crash on B2', () => {
    const map = mapOf({ kind: 'yield', tile: T('B2') });
    const r = resolveTick(map, [car(A, 'B2', 'C2'), car(X, 'D2', 'C2'), car(B, 'B3', 'B2')], []);
    expect(r.outcomes).toEqual([
      { kind: 'crash', tile: T('B2'), with: [B] }, { kind: 'move', to: T('C2') }, { kind: 'crash', tile: T('B2'), with: [A] },
    ]);
  });

  it('8. a Yield does not prevent a swap crash (Note 3)', () => {
    const r = resolveTick(mapOf({ kind: 'yield', tile: T('B2') }), [car(A, 'B2', 'C2'), car(B, 'C2', 'B2')], []);
    expect(r.outcomes.map((o) => o.kind)).toEqual(['crash', 'crash']);
  });

  it('9. a Roundabout on C2 prevents the crash of two cars entering it', () => {
    const r = resolveTick(mapOf({ kind: 'roundabout', tile: T('C2') }), [car(A, 'B2', 'C2'), car(B, 'D2', 'C2')], []);
    expect(r.outcomes).toEqual([{ kind: 'move', to: T('C2') }, { kind: 'move', to: T('C2') }]);
  });

  it('10a. a swap with a Roundabout only on C2 still crashes (Note 3)', () => {
    const r = resolveTick(mapOf({ kind: 'roundabout', tile: T('C2') }), [car(A, 'B2', 'C2'), car(B, 'C2', 'B2')], []);
    expect(r.outcomes.map((o) => o.kind)).toEqual(['crash', 'crash']);
  });

  it('10b. a swap between two adjacent Roundabouts is no crash (Note 3)', () => {
    const map = mapOf({ kind: 'roundabout', tile: T('C2') }, { kind: 'roundabout', tile: T('B2') });
    const r = resolveTick(map, [car(A, 'B2', 'C2'), car(B, 'C2', 'B2')], []);
    expect(r.outcomes).toEqual([{ kind: 'move', to: T('C2') }, { kind: 'move', to: T('B2') }]);
  });

  it('11. a Speed Limit move occupies every tile on the way: crash on C2 with a car entering it', () => {
    const map = mapOf({ kind: 'speed', line: 6 });
    const r = resolveTick(map, [car(A, 'B2', 'C2 D2'), car(B, 'C3', 'C2')], []);
    expect(r.outcomes).toEqual([{ kind: 'crash', tile: T('C2'), with: [B] }, { kind: 'crash', tile: T('C2'), with: [A] }]);
  });

  it('12. debris does not make a Yield wait: A crashes into the wreck and its owner is told', () => {
    const r = resolveTick(mapOf({ kind: 'yield', tile: T('B2') }), [car(A, 'B2', 'C2')], [{ seat: D, tile: T('C2') }]);
    expect(r.outcomes).toEqual([{ kind: 'crash', tile: T('C2'), with: [D] }]);
    expect(r.debrisHits).toEqual([{ owner: D, tile: T('C2'), by: [A] }]);
  });

  it('13. a Yield holds a car for its whole multi-tile move when the far tile is contested', () => {
    const map = mapOf({ kind: 'yield', tile: T('B2') }, { kind: 'speed', line: 6 });
    const r = resolveTick(map, [car(A, 'B2', 'C2 D2'), car(B, 'D3', 'D2')], []);
    expect(r.outcomes).toEqual([{ kind: 'wait' }, { kind: 'move', to: T('D2') }]);
  });

  it('14. three Yield cars entering C2 all crash (mutual yield)', () => {
    const map = mapOf({ kind: 'yield', tile: T('B2') }, { kind: 'yield', tile: T('D2') }, { kind: 'yield', tile: T('C3') });
    const r = resolveTick(map, [car(A, 'B2', 'C2'), car(B, 'D2', 'C2'), car(X, 'C3', 'C2')], []);
    expect(r.outcomes).toEqual([
      { kind: 'crash', tile: T('C2'), with: [B, X] }, { kind: 'crash', tile: T('C2'), with: [A, X] }, { kind: 'crash', tile: T('C2'), with: [A, B] },
    ]);
  });

  it('15. four cars rotating round B2, C2, C3, B3 do not crash', () => {
    const r = resolveTick(mapOf(), [car(A, 'B2', 'C2'), car(B, 'C2', 'C3'), car(X, 'C3', 'B3'), car(D, 'B3', 'B2')], []);
    expect(r.outcomes.map((o) => o.kind)).toEqual(['move', 'move', 'move', 'move']);
  });
});

describe('collision kinds', () => {
  it('a car entering a tile with a wreck on it crashes; debris on a Roundabout is harmless', () => {
    expect(resolveTick(mapOf(), [car(A, 'B2', 'C2')], [{ seat: B, tile: T('C2') }]).outcomes[0].kind).toBe('crash');
    const safe = resolveTick(mapOf({ kind: 'roundabout', tile: T('C2') }), [car(A, 'B2', 'C2')], [{ seat: B, tile: T('C2') }]);
    expect(safe.outcomes).toEqual([{ kind: 'move', to: T('C2') }]);
    expect(safe.debrisHits).toEqual([]);
  });

  it('a car that crashes early in a long move still occupies the rest of it and wrecks a third car there', () => {
    const map = mapOf({ kind: 'speed', line: 6 });
    const r = resolveTick(map, [car(A, 'B2', 'C2 D2'), car(B, 'C3', 'C2'), car(X, 'D3', 'D2')], []);
    expect(r.outcomes).toEqual([
      { kind: 'crash', tile: T('C2'), with: [B] }, { kind: 'crash', tile: T('C2'), with: [A] }, { kind: 'crash', tile: T('D2'), with: [A] },
    ]);
  });

  it('two speeding-limit cars passing through each other on one row crash where each started its conflict', () => {
    const map = mapOf({ kind: 'speed', line: 6 });
    const r = resolveTick(map, [car(A, 'A2', 'B2 C2'), car(B, 'D2', 'C2 B2')], []);
    expect(r.outcomes).toEqual([{ kind: 'crash', tile: T('B2'), with: [B] }, { kind: 'crash', tile: T('C2'), with: [A] }]);
  });

  it('a car moving into a tile where another waits on a Yield crashes with it', () => {
    const map = mapOf({ kind: 'yield', tile: T('B2') });
    const r = resolveTick(map, [car(A, 'B2', 'C2'), car(X, 'D2', 'C2'), car(B, 'A2', 'B2')], []);
    expect(r.outcomes[0]).toEqual({ kind: 'crash', tile: T('B2'), with: [B] });
    expect(r.outcomes[2]).toEqual({ kind: 'crash', tile: T('B2'), with: [A] });
  });
});
