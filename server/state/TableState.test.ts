/** The state a room sends decodes to the same values on a client, including strings of awkward lengths. */
import { describe, expect, it } from 'vitest';
import { Decoder, Encoder } from '@colyseus/schema';
import { ResultState, TableState, wireSafe } from './TableState.js';
import type { Msg } from '../../shared/i18n/msg.js';

/** `text` as a string of the log, followed on the wire by the result's summary. */
function roundTrip(text: string): { text: string; after: string } {
  const state = new TableState();
  state.log.push(text);
  state.result = new ResultState();
  state.result.summary = 'after the text';
  const decoder = new Decoder(new TableState());
  decoder.decode(new Encoder(state).encodeAll());
  return { text: decoder.state.log[0] ?? '', after: decoder.state.result?.summary ?? '' };
}

describe('strings on the wire', () => {
  it('a string of exactly 255 bytes sent through wireSafe arrives with its text, and the fields after it, intact', () => {
    const text = 'x'.repeat(255);
    const decoded = roundTrip(wireSafe(text));
    expect(decoded.text.trimEnd()).toBe(text);
    expect(decoded.after).toBe('after the text');
  });

  it.each([0, 31, 32, 254, 255, 256, 65_535, 65_536])('a %i-byte JSON value sent through wireSafe arrives intact', (n) => {
    const json = JSON.stringify('x'.repeat(Math.max(0, n - 2)));
    const decoded = roundTrip(wireSafe(json));
    expect(JSON.parse(decoded.text)).toBe(JSON.parse(json));
    expect(decoded.after).toBe('after the text');
  });

  it('multi-byte text is measured in bytes: 85 three-byte characters are padded too', () => {
    const text = '★'.repeat(85);
    expect(Buffer.byteLength(text)).toBe(255);
    expect(roundTrip(wireSafe(text)).text.trim()).toBe(text);
  });
});

describe('messages on the wire', () => {
  it('the log keeps the last 30 public events, numbered, with their parameters; the result summary is a key and parameters', async () => {
    const { appendLog, writeResult } = await import('./tableMirror.js');
    const { readLog, readResult } = await import('../../shared/wire/table.js');
    const state = new TableState();
    state.game = 'g';
    const decoder = new Decoder(new TableState());
    const encoder = new Encoder(state);
    decoder.decode(encoder.encodeAll());
    for (let i = 0; i < 40; i++) appendLog(state, [{ key: 'g:event.took', params: { seat: `@${i % 4}`, count: i, car: '$g:car.red' } }]);
    writeResult(state, { seats: [{ seat: 0, place: 1, score: 3 }], summary: { key: 'g:summary.win', params: { seat: '@0', points: 3 } } });
    decoder.decode(encoder.encode());
    const log = readLog(decoder.state);
    expect(log).toHaveLength(30);
    expect(log[0]).toEqual({ n: 11, msg: { key: 'g:event.took', params: { seat: '@2', count: 10, car: '$g:car.red' } } });
    expect(log[29].n).toBe(40);
    // On the wire the table's own game namespace is left out of keys and key parameters; other namespaces stay.
    expect(decoder.state.logged).toBe(40);
    // One shape for the 40 events; each entry carries its values only.
    expect([...decoder.state.logShapes]).toEqual([':event.took\u001fseat\u001fcount\u001fcar']);
    expect(decoder.state.log[9]).toBe('0\u001f@3\u001f#39\u001f$:car.red');
    appendLog(state, [{ key: 'server:event.start', params: { other: '$h:car.red', text: 'g:not a key' } }]);
    decoder.decode(encoder.encode());
    expect(readLog(decoder.state).at(-1)!.msg).toEqual({ key: 'server:event.start', params: { other: '$h:car.red', text: 'g:not a key' } });
    expect(decoder.state.logShapes[1]).toBe('server:event.start\u001fother\u001ftext');
    expect(readResult(decoder.state)).toEqual({ seats: [{ seat: 0, place: 1, score: 3 }], summary: { key: 'g:summary.win', params: { seat: '@0', points: 3 } } });
  });

  it('a 255-byte text parameter travels padded and is trimmed back', async () => {
    const { appendLog } = await import('./tableMirror.js');
    const { readLog } = await import('../../shared/wire/table.js');
    const state = new TableState();
    const text = 'y'.repeat(255);
    appendLog(state, [{ key: 'server:event.text', params: { text } }]);
    const decoder = new Decoder(new TableState());
    decoder.decode(new Encoder(state).encodeAll());
    expect(readLog(decoder.state)[0].msg).toEqual({ key: 'server:event.text', params: { text } });
  });
});

describe('the log as strings', () => {
  it('events of several shapes, over many turns of the ring, read back in order on a client that follows and on one that joins late', async () => {
    const { appendLog } = await import('./tableMirror.js');
    const { readLog } = await import('../../shared/wire/table.js');
    const state = new TableState();
    state.game = 'g';
    const encoder = new Encoder(state);
    const follower = new Decoder(new TableState());
    follower.decode(encoder.encodeAll());
    const sent = Array.from({ length: 137 }, (_, i): Msg => (i % 3 === 0 ? { key: 'g:event.pass' }
      : i % 3 === 1 ? { key: 'g:event.took', params: { seat: `@${i % 4}`, count: i } }
      : { key: 'g:event.took', params: { seat: `@${i % 4}`, car: '$g:car.red', count: i } }));
    for (let i = 0; i < sent.length; i += 1 + (i % 4)) {
      appendLog(state, sent.slice(i, i + 1 + (i % 4)));
      follower.decode(encoder.encode());
      encoder.discardChanges();
    }
    const expected = sent.slice(-30).map((msg, i) => ({ n: 108 + i, msg }));
    expect(readLog(follower.state)).toEqual(expected);
    const late = new Decoder(new TableState());
    late.decode(encoder.encodeAll());
    expect(readLog(late.state)).toEqual(expected);
    expect(late.state.logShapes.length).toBe(3);
  });

  it('free text keeps its words: the separator becomes a space, wireSafe\'s padding is trimmed', async () => {
    const { appendLog } = await import('./tableMirror.js');
    const { readLog } = await import('../../shared/wire/table.js');
    const state = new TableState();
    const shape = 'server:event.text\u001ftext';
    const text = `a\u001fb${'z'.repeat(255 - 2 - 3)}`;
    expect(Buffer.byteLength(`0\u001f${text}`)).toBe(255);
    appendLog(state, [{ key: 'server:event.text', params: { text } }]);
    const decoder = new Decoder(new TableState());
    decoder.decode(new Encoder(state).encodeAll());
    expect(decoder.state.logShapes[0]).toBe(shape);
    expect(readLog(decoder.state)).toEqual([{ n: 1, msg: { key: 'server:event.text', params: { text: text.replace('\u001f', ' ') } } }]);
  });
});

describe('options on the wire', () => {
  it('every kind of option reads back as written; a changed option is the only one re-sent', async () => {
    const { writeOptions } = await import('./tableMirror.js');
    const { readOptions } = await import('../../shared/wire/table.js');
    const state = new TableState();
    const options = { players: 4, variant: 'classic', talking: true, seatLevels: [1, 2, 3], pace: 'live' };
    writeOptions(state.options, options);
    const encoder = new Encoder(state);
    const decoder = new Decoder(new TableState());
    decoder.decode(encoder.encodeAll());
    encoder.discardChanges();
    expect(readOptions(decoder.state.options)).toEqual(options);
    writeOptions(state.options, { ...options, talking: false, pace: undefined });
    const patch = encoder.encode();
    decoder.decode(patch);
    expect(readOptions(decoder.state.options)).toEqual({ players: 4, variant: 'classic', talking: false, seatLevels: [1, 2, 3] });
    expect(Buffer.from(patch).includes('classic')).toBe(false);
  });
});
