/**
 * Notices when a state patch could not be decoded. @colyseus/schema 3's decoder logs
 * "refId not found" (or "definition mismatch") to the console, skips bytes and goes on with a
 * state that no longer matches the server's (STACK-NOTES 23); nothing tells the page. The guard
 * wraps the room's decoder: a skipped structure (the decoder's only way out of both cases) or an
 * exception while decoding is a failure. On the first one the client reports it (`decode_error`,
 * counted in /metrics) and resyncs: it drops the connection without consent, so the usual
 * reconnection gives it a new room object, a fresh decoder and the full state.
 * Works in the browser and in Node (the tests drive it with colyseus.js over real sockets).
 */
import type { Room } from 'colyseus.js';

export type DecodeFailure = 'corrupt_patch' | 'decode_exception';

interface Iterator { offset: number }

/** The parts of @colyseus/schema's Decoder the guard wraps (colyseus.js keeps it on `room.serializer`). */
interface SchemaDecoder {
  decode(bytes: Uint8Array, it?: Iterator, ref?: unknown): unknown[];
  skipCurrentStructure(bytes: Uint8Array, it: Iterator, totalBytes: number): void;
}

/** Reads colyseus.js' internal serializer: the SDK has no hook for decode failures. */
function decoderOf(room: Room): SchemaDecoder | null {
  const decoder = (room as unknown as { serializer?: { decoder?: Partial<SchemaDecoder> } }).serializer?.decoder;
  return decoder && typeof decoder.decode === 'function' && typeof decoder.skipCurrentStructure === 'function' ? decoder as SchemaDecoder : null;
}

/**
 * Calls `onFailure` once, at the first patch this room cannot decode. Returns false when the room
 * has no schema decoder to guard (nothing to watch).
 */
export function guardDecoder(room: Room, onFailure: (kind: DecodeFailure) => void): boolean {
  const decoder = decoderOf(room);
  if (!decoder) return false;
  let failed = false;
  const fail = (kind: DecodeFailure) => {
    if (failed) return;
    failed = true;
    onFailure(kind);
  };
  const skip = decoder.skipCurrentStructure.bind(decoder);
  decoder.skipCurrentStructure = (bytes, it, totalBytes) => {
    fail('corrupt_patch');
    skip(bytes, it, totalBytes);
  };
  const decode = decoder.decode.bind(decoder);
  decoder.decode = (bytes, it, ref) => {
    try {
      return decode(bytes, it, ref);
    } catch {
      // The state is unusable either way; the resync replaces it.
      fail('decode_exception');
      return [];
    }
  };
  return true;
}

/** The guard with the client's answer: report the failure to the server, then reconnect for a full state. */
export function resyncOnDecodeFailure<S extends { version?: number }>(room: Room<S>): boolean {
  return guardDecoder(room, (kind) => {
    const version = room.state?.version;
    room.send('decode_error', typeof version === 'number' ? { kind, version } : { kind });
    // Not `leave()`: a consented leave gives the seat up; a dropped connection is reconnected.
    room.connection.close();
  });
}
