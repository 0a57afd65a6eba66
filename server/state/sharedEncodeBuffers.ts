/**
 * Every table of the process encodes into the same two buffers (issue 31: memory per client).
 *
 * Colyseus gives each room two buffers of `Encoder.BUFFER_SIZE` (the encoder's patch buffer and
 * the serializer's full-state buffer): 32 KiB per table, 8 KiB per client at four seats, most of
 * it never written. Encoding is synchronous, so one pair serves every room, as long as no bytes
 * still to be written to a socket point into them. Node does not copy a buffer it could not write
 * at once (a corked socket, a slow phone's full send buffer): it writes whatever the buffer holds
 * when the socket drains. @colyseus/schema copies each view's patch and full state
 * (`Buffer.concat`) but hands a client without a view the bare slice of the shared buffer; so
 * every client of such a room gets a view (spectators share one that shows nothing private), and
 * nothing sent is a slice of these buffers.
 *
 * The serializer also caches the last full state as a slice of its buffer and reuses it while the
 * state is unchanged: another room may have written over it since, so the cache is trusted only
 * while this room was the last to encode a full state.
 */
import { StateView, type Encoder } from '@colyseus/schema';
import { Protocol, type Client, type Room } from '@colyseus/core';

/** Large enough that no table's patch or full state comes near it (`encodeBuffer.test.ts` holds them under 8 KiB). */
export const SHARED_ENCODE_BUFFER_BYTES = 256 * 1024;

const patchBuffer = Buffer.allocUnsafe(SHARED_ENCODE_BUFFER_BYTES);
const fullStateBuffer = Buffer.allocUnsafe(SHARED_ENCODE_BUFFER_BYTES);
fullStateBuffer[0] = Protocol.ROOM_STATE;

interface SchemaSerializerParts {
  encoder?: Encoder;
  hasFilters: boolean;
  fullEncodeBuffer: Buffer;
  needFullEncode: boolean;
  getFullState(client?: Client): Uint8Array;
  applyPatches(clients: Client[]): boolean;
}

/** Which room encoded the full state the buffer holds now: a number, so a closed room is not kept alive by it. */
let lastFullStateBy = 0;
let roomsSharing = 0;

/** Once the room's state is set: its serializer encodes into the process's buffers. */
export function shareEncodeBuffers(room: Room): void {
  const serializer = (room as unknown as { _serializer?: SchemaSerializerParts })._serializer;
  // Without filters a patch goes out as the bare slice to every client: such a room keeps its own buffers.
  if (!serializer?.encoder || !serializer.hasFilters || typeof serializer.getFullState !== 'function') return;
  serializer.encoder.sharedBuffer = patchBuffer;
  serializer.fullEncodeBuffer = fullStateBuffer;
  const sharer = ++roomsSharing;
  const publicOnly = new StateView();
  const everyClientViewed = (clients: Iterable<Client>): void => {
    for (const client of clients) client.view ??= publicOnly;
  };

  const getFullState = serializer.getFullState.bind(serializer);
  serializer.getFullState = (client?: Client) => {
    if (lastFullStateBy !== sharer) serializer.needFullEncode = true;
    lastFullStateBy = sharer;
    if (client) everyClientViewed([client]);
    const bytes = getFullState(client);
    return client?.view ? bytes : Buffer.from(bytes);
  };
  const applyPatches = serializer.applyPatches.bind(serializer);
  serializer.applyPatches = (clients: Client[]) => {
    everyClientViewed(clients);
    return applyPatches(clients);
  };
}
