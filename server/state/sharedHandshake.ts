/**
 * Colyseus encodes the state's type reflection (the handshake a joining client decodes its types
 * from: ≈ 10 KB, 2–8 ms here) once per room, on the room's first join. Every table's root is
 * TableState, and its reflection lists every game's table and seat classes, so it is the same
 * bytes for every room of every game (`sharedHandshake.test.ts`): encoded once, it serves every
 * room of the process. Tables open all the time (quick play, rematches, tournament rounds), and
 * this was 7 % of a busy server's CPU.
 */
import { Reflection, type Encoder } from '@colyseus/schema';
import type { Room } from '@colyseus/core';

const handshakes = new WeakMap<object, Uint8Array>();

interface HandshakeSerializer { encoder?: Encoder; handshake?: () => Uint8Array }

/** Once the room's state is set: its handshake is the one already encoded for that state class. */
export function shareHandshake(room: Room): void {
  const serializer = (room as unknown as { _serializer: HandshakeSerializer })._serializer;
  const encoder = serializer.encoder;
  if (!encoder || !serializer.handshake) return;
  const stateClass = encoder.state.constructor;
  serializer.handshake = () => {
    let bytes = handshakes.get(stateClass);
    if (!bytes) handshakes.set(stateClass, bytes = Reflection.encode(encoder));
    return bytes;
  };
}
