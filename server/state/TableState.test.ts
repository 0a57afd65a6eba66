/** The state a room sends decodes to the same values on a client, including strings of awkward lengths. */
import { describe, expect, it } from 'vitest';
import { Decoder, Encoder } from '@colyseus/schema';
import { ResultState, TableState, wireSafe } from './TableState.js';

/** `text` as the event line, followed on the wire by the result's summary. */
function roundTrip(text: string): { text: string; after: string } {
  const state = new TableState();
  state.lastEvent = text;
  state.result = new ResultState();
  state.result.summary = 'after the text';
  const decoder = new Decoder(new TableState());
  decoder.decode(new Encoder(state).encodeAll());
  return { text: decoder.state.lastEvent, after: decoder.state.result?.summary ?? '' };
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
