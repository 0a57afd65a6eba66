import { describe, expect, it } from 'vitest';
import { current, edit, isDraft } from './edit.js';
import { deepFreeze } from './testing/sharing.js';

interface Card { id: number; tag: string }
interface State { turn: number; hands: Card[][]; table: (Card | null)[]; log: string[]; meta: { round: number; names: string[] } }

function start(): State {
  return deepFreeze({
    turn: 0,
    hands: [[{ id: 1, tag: 'a' }, { id: 2, tag: 'b' }], [{ id: 3, tag: 'c' }]],
    table: [{ id: 4, tag: 'd' }, null],
    log: [],
    meta: { round: 1, names: ['Ann', 'Bo'] },
  });
}

describe('edit', () => {
  it('returns the very same state when nothing is written, even after reads of nested objects', () => {
    const s = start();
    const { state, result } = edit(s, (d) => d.hands[0].filter((c) => c.id > 1).length + d.meta.names.length);
    expect(state).toBe(s);
    expect(result).toBe(3);
  });

  it('a write equal to the current value is no change', () => {
    const s = start();
    expect(edit(s, (d) => { d.turn = 0; d.meta.round = 1; d.table[0] = d.table[0]; }).state).toBe(s);
  });

  it('copies only the path to what changed, never the original', () => {
    const s = start();
    const { state } = edit(s, (d) => { d.hands[1][0].tag = 'z'; });
    expect(state).not.toBe(s);
    expect(state.hands).not.toBe(s.hands);
    expect(state.hands[1]).not.toBe(s.hands[1]);
    expect(state.hands[1][0]).toEqual({ id: 3, tag: 'z' });
    expect(state.hands[0]).toBe(s.hands[0]);
    expect(state.table).toBe(s.table);
    expect(state.meta).toBe(s.meta);
    expect(s.hands[1][0].tag).toBe('c');
  });

  it('moves drafts between lists (splice, push, spread, sort) and resolves them to plain objects', () => {
    const s = start();
    const { state, result } = edit(s, (d) => {
      const [card] = d.hands[0].splice(0, 1);
      card.tag = 'moved';
      d.table[1] = card;
      d.hands[1] = [...d.hands[1], d.table[0]!].sort((a, b) => b.id - a.id);
      d.table[0] = null;
      d.log.push('played');
      return { events: [{ card, taken: d.hands[1][0] }] };
    });
    expect(state.hands[0]).toEqual([{ id: 2, tag: 'b' }]);
    expect(state.hands[0][0]).toBe(s.hands[0][1]);
    expect(state.table).toEqual([null, { id: 1, tag: 'moved' }]);
    expect(state.hands[1]).toEqual([{ id: 4, tag: 'd' }, { id: 3, tag: 'c' }]);
    expect(state.hands[1][0]).toBe(s.table[0]);
    expect(state.hands[1][1]).toBe(s.hands[1][0]);
    expect(state.log).toEqual(['played']);
    expect(state.meta).toBe(s.meta);
    const event = result.events[0];
    expect(isDraft(event.card)).toBe(false);
    expect(event.card).toBe(state.table[1]);
    expect(event.taken).toBe(s.table[0]);
    expect(JSON.stringify(state)).not.toContain('draft');
    expect(s).toEqual(start());
  });

  it('drafts look like plain data to the engine code', () => {
    const s = start();
    edit(s, (d) => {
      expect(Array.isArray(d.hands)).toBe(true);
      expect(Object.keys(d.meta)).toEqual(['round', 'names']);
      expect({ ...d.meta, round: 2 }.names).toEqual(['Ann', 'Bo']);
      expect(JSON.parse(JSON.stringify(d))).toEqual(s);
      expect(d.hands[0].map((c) => c.id)).toEqual([1, 2]);
      expect('turn' in d).toBe(true);
      expect(d.hands[0].includes(d.hands[0][1])).toBe(true);
      expect(d.hands[0].indexOf(d.hands[0][1])).toBe(1);
    });
  });

  it('current snapshots a draft: later writes do not reach it, and an unchanged draft is its original', () => {
    const s = start();
    const { state, result } = edit(s, (d) => {
      const untouched = current(d.table);
      d.hands[0][0].tag = 'x';
      const before = current(d.hands[0]);
      d.hands[0][0].tag = 'y';
      return { untouched, before };
    });
    expect(result.untouched).toBe(s.table);
    expect(result.before[0].tag).toBe('x');
    expect(result.before[1]).toBe(s.hands[0][1]);
    expect(state.hands[0][0].tag).toBe('y');
  });

  it('refuses writes through a draft kept after the edit', () => {
    let kept: State | null = null;
    edit(start(), (d) => { kept = d; });
    expect(() => { kept!.turn = 5; }).toThrow(/after its edit/);
  });

  it('a deep-frozen original catches a write that bypassed the draft', () => {
    const s = start();
    expect(() => edit(s, (d) => { d.log = s.meta.names; d.log.push('oops'); })).toThrow(TypeError);
  });
});
