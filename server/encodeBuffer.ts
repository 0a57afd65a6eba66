/**
 * Size of the two encode buffers Colyseus gives every room (@colyseus/schema's
 * `Encoder.BUFFER_SIZE`: the encoder's patch buffer and the serializer's full-state buffer). Game
 * tables encode into the process's shared pair instead (server/state/sharedEncodeBuffers.ts); this
 * size serves the other rooms and is the bound `encodeBuffer.test.ts` holds every game's patches to.
 *
 * @colyseus/schema 3.0.76 grows a buffer that overflows only for the call that overflowed: the
 * room keeps its old buffer, and the per-client view parts written after a grown shared patch land
 * in the old one and are sent cut off. So the size must hold the largest patch a room ever writes
 * (its shared part plus every seat's view part, back to back) and the largest full state (a late
 * joiner or reconnection). `encodeBuffer.test.ts` plays every game at its largest table and checks
 * both stay under half of this, so a longer game than the seeded ones still fits.
 * 64 KiB each (the previous setting) was ≈ 32 KiB per client at four seats, before any game state.
 */
import { Encoder } from '@colyseus/schema';

export const ENCODE_BUFFER_BYTES = 16 * 1024;

export function useEncodeBufferSize(bytes = ENCODE_BUFFER_BYTES): void {
  Encoder.BUFFER_SIZE = bytes;
}
