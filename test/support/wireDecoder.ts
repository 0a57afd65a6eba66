/**
 * Decodes what one client's socket received, independently of colyseus.js' own state: the type
 * reflection from the join handshake, then the full state and every patch, in order. Tests see
 * each patch's decoded changes and the state right after it.
 */
import { Decoder, Reflection, decode, type DataChange, type Schema } from '@colyseus/schema';
import { Protocol, type Room } from 'colyseus.js';
import { rawMessages } from './rawClient.js';

export class WireDecoder {
  private decoder: Decoder | null = null;
  private read = 0;

  constructor(private readonly room: Room) {}

  /** Decodes the messages received since the last call; `onPatch` runs after each state message. */
  drain(onPatch: (changes: DataChange[], state: Schema) => void): void {
    const messages = rawMessages(this.room);
    for (; this.read < messages.length; this.read++) {
      const bytes = messages[this.read];
      const it = { offset: 1 };
      if (bytes[0] === Protocol.JOIN_ROOM) {
        decode.utf8Read(bytes, it, bytes[it.offset++]); // reconnection token
        decode.utf8Read(bytes, it, bytes[it.offset++]); // serializer id
        this.decoder = Reflection.decode(bytes, it);
      } else if (bytes[0] === Protocol.ROOM_STATE || bytes[0] === Protocol.ROOM_STATE_PATCH) {
        if (!this.decoder) throw new Error('state before the join handshake');
        const changes = this.decoder.decode(bytes, it);
        onPatch(changes, this.decoder.state);
      }
    }
  }
}
