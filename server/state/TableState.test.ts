/** The state a room sends decodes to the same values on a client, including strings of awkward lengths. */
import { describe, expect, it } from 'vitest';
import { Decoder, Encoder } from '@colyseus/schema';
import { LogEntryState, ResultState, TableState, wireSafe } from './TableState.js';

/** `text` as an event's parameter in the log, followed on the wire by the result's summary. */
function roundTrip(text: string): { text: string; after: string } {
  const state = new TableState();
  const entry = new LogEntryState();
  entry.key = 'server:event.text';
  entry.params.set('text', text);
  state.log.push(entry);
  state.result = new ResultState();
  state.result.summary = 'after the text';
  const decoder = new Decoder(new TableState());
  decoder.decode(new Encoder(state).encodeAll());
  return { text: decoder.state.log[0]?.params.get('text') ?? '', after: decoder.state.result?.summary ?? '' };
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
    const sent = decoder.state.log.find((e) => e.n === 40)!;
    expect([sent.key, sent.params.get('car')]).toEqual([':event.took', '$:car.red']);
    appendLog(state, [{ key: 'server:event.start', params: { other: '$h:car.red', text: 'g:not a key' } }]);
    decoder.decode(encoder.encode());
    expect(readLog(decoder.state).at(-1)!.msg).toEqual({ key: 'server:event.start', params: { other: '$h:car.red', text: 'g:not a key' } });
    expect(decoder.state.log.find((e) => e.n === 41)!.key).toBe('server:event.start');
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
