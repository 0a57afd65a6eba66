/**
 * Records every byte a colyseus.js client receives on its socket, before decoding, so tests can
 * prove a secret never reaches it in any form.
 */
import { Room } from 'colyseus.js';

const received = new WeakMap<object, Buffer[]>();
let installed = false;

export function recordRawBytes(): void {
  if (installed) return;
  installed = true;
  const proto = Room.prototype as unknown as { onMessageCallback(this: object, event: { data: ArrayBuffer }): void };
  const original = proto.onMessageCallback;
  proto.onMessageCallback = function (this: object, event: { data: ArrayBuffer }) {
    const list = received.get(this) ?? [];
    list.push(Buffer.from(new Uint8Array(event.data)));
    received.set(this, list);
    original.call(this, event);
  };
}

/** Everything this room's socket has received so far, as one latin1 string (UTF-8 text stays searchable). */
export function rawText(room: Room): string {
  return Buffer.concat(received.get(room) ?? []).toString('latin1');
}

export function utf8AsLatin1(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

type SyncedTable = { table?: { json?: string }; players: Map<string, { secret?: { json?: string } }> };

/**
 * Every JSON view string this client was allowed to receive (games whose views still travel as
 * JSON, server/state/jsonMirror.ts): the public views and its own seat views, over time.
 */
export function legitimateStrings<S>(room: Room<S>): Set<string> {
  const seen = new Set<string>();
  const note = (state: S) => {
    const s = state as unknown as SyncedTable;
    if (s.table?.json) seen.add(s.table.json);
    const mine = s.players.get(room.sessionId)?.secret?.json;
    if (mine) seen.add(mine);
  };
  note(room.state);
  room.onStateChange(note);
  return seen;
}

/** Every message this room's socket has received so far, in order. */
export function rawMessages(room: Room): Buffer[] {
  return received.get(room) ?? [];
}
