/** The state a room sends decodes to the same values on a client, including strings of awkward lengths. */
import { describe, expect, it } from 'vitest';
import { Decoder, Encoder } from '@colyseus/schema';
import { TableState, wireSafe } from './TableState.js';

function roundTrip(table: string): TableState {
  const state = new TableState();
  state.table = table;
  state.lastEvent = 'after the table';
  const decoder = new Decoder(new TableState());
  decoder.decode(new Encoder(state).encodeAll());
  return decoder.state;
}

describe('strings on the wire', () => {
  it('a string of exactly 255 bytes sent through wireSafe arrives with its text, and the fields after it, intact', () => {
    const text = 'x'.repeat(255);
    const decoded = roundTrip(wireSafe(text));
    expect(decoded.table.trimEnd()).toBe(text);
    expect(decoded.lastEvent).toBe('after the table');
  });

  it.each([0, 31, 32, 254, 255, 256, 65_535, 65_536])('a %i-byte JSON value sent through wireSafe arrives intact', (n) => {
    const json = JSON.stringify('x'.repeat(Math.max(0, n - 2)));
    const decoded = roundTrip(wireSafe(json));
    expect(JSON.parse(decoded.table)).toBe(JSON.parse(json));
    expect(decoded.lastEvent).toBe('after the table');
  });

  it('multi-byte text is measured in bytes: 85 three-byte characters are padded too', () => {
    const text = '★'.repeat(85);
    expect(Buffer.byteLength(text)).toBe(255);
    expect(roundTrip(wireSafe(text)).table.trim()).toBe(text);
  });
});
