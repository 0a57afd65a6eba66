/**
 * A Colyseus 0.16 client reduced to what a load generator needs, on a plain `ws` socket: reserve
 * a seat over the matchmake HTTP route, connect, answer the JOIN_ROOM handshake, send room
 * messages, and read `ack` / `error` frames. State frames are counted and, only for a seat asked
 * to decode, applied to a @colyseus/schema Decoder as colyseus.js would (same handshake, same
 * patches), so that seat holds the table state a browser holds.
 *
 * The type reflection sent with every JOIN_ROOM is decoded once per distinct handshake and its
 * TypeContext reused: Reflection.decode builds (and registers for good) a new set of classes on
 * every call, which made a generator that replaces tables all the time slower and slower.
 */
import { Decoder, Reflection, decode, type Schema, type TypeContext } from '@colyseus/schema';
import { pack, unpack } from '@colyseus/msgpackr';
import { Protocol } from 'colyseus.js';
import WebSocket from 'ws';

export interface SeatReservation {
  sessionId: string;
  /** `publicAddress`: the process holding the room, when processes have their own addresses (PUBLIC_ADDRESS). */
  room: { roomId: string; processId: string; publicAddress?: string };
}

/** Bytes every raw seat of this process received (state frames and messages). */
export const rawBytes = { received: 0 };

/** POST /matchmake/<method>/<room>: the seat reservation, or the matchmaker's error as an exception. */
export async function reserveSeat(httpBase: string, method: 'create' | 'joinById' | 'joinOrCreate', target: string, options: Record<string, unknown>): Promise<SeatReservation> {
  const res = await fetch(`${httpBase}/matchmake/${method}/${target}`, {
    method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(options),
  });
  const body = await res.json() as SeatReservation & { error?: string; code?: number };
  if (body.error || !body.sessionId) throw new Error(`matchmake ${method} ${target}: ${body.code ?? res.status} ${body.error ?? 'no seat'}`);
  return body;
}

const contexts = new Map<string, { context: TypeContext; root: new () => Schema }>();

function decoderFor(bytes: Buffer, it: { offset: number }): Decoder {
  const key = Buffer.from(bytes.buffer, bytes.byteOffset + it.offset, bytes.byteLength - it.offset).toString('latin1');
  const known = contexts.get(key);
  if (known) return new Decoder(new known.root(), known.context);
  const decoder = Reflection.decode(bytes, it);
  contexts.set(key, { context: decoder.context, root: decoder.state.constructor as new () => Schema });
  return decoder;
}

export type MessageHandler = (type: string | number, message: unknown) => void;

export class RawSeat {
  readonly sessionId: string;
  readonly roomId: string;
  /** Set once JOIN_ROOM arrived for a decoding seat: the synchronised state as colyseus.js would hold it. */
  decoder: Decoder | null = null;
  private socket!: WebSocket;
  private closedByUs = false;
  /** When (Date.now()) the server's JOIN_ROOM arrived, and the first full state after it (0: not yet). */
  joinedAt = 0;
  firstStateAt = 0;

  /**
   * @param onMessage every ROOM_DATA message (type and msgpack payload)
   * @param onState after each full state or patch (decoding seats only)
   * @param onClose the socket closed without leave() (code)
   */
  constructor(
    reservation: SeatReservation,
    private readonly decodes: boolean,
    private readonly onMessage: MessageHandler,
    private readonly onState: () => void = () => undefined,
    private readonly onClose: (code: number) => void = () => undefined,
  ) {
    this.sessionId = reservation.sessionId;
    this.roomId = reservation.room.roomId;
  }

  /** Resolves once the server's JOIN_ROOM arrived (and was acknowledged). */
  connect(wsBase: string, processId: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${wsBase}/${processId}/${this.roomId}?sessionId=${this.sessionId}`);
      this.socket = socket;
      let joined = false;
      socket.binaryType = 'nodebuffer';
      socket.once('error', (error) => { if (!joined) reject(error); });
      socket.on('close', (code) => {
        if (!joined) reject(new Error(`closed before joining: ${code}`));
        else if (!this.closedByUs) this.onClose(code);
      });
      socket.on('message', (data: Buffer) => {
        rawBytes.received += data.length;
        const code = data[0];
        if (code === Protocol.ROOM_DATA) {
          const it = { offset: 1 };
          const type = decode.stringCheck(data, it) ? decode.string(data, it) : decode.number(data, it);
          this.onMessage(type, data.length > it.offset ? unpack(data.subarray(it.offset)) : undefined);
        } else if (code === Protocol.ROOM_STATE || code === Protocol.ROOM_STATE_PATCH) {
          if (code === Protocol.ROOM_STATE && this.firstStateAt === 0) this.firstStateAt = Date.now();
          if (!this.decoder) return;
          this.decoder.decode(data, { offset: 1 });
          this.onState();
        } else if (code === Protocol.JOIN_ROOM) {
          const it = { offset: 1 };
          it.offset += 1 + data[it.offset]; // reconnection token
          it.offset += 1 + data[it.offset]; // serializer id
          if (this.decodes && data.length > it.offset) this.decoder = decoderFor(data, it);
          joined = true;
          this.joinedAt = Date.now();
          socket.send(Buffer.from([Protocol.JOIN_ROOM]));
          resolve();
        } else if (code === Protocol.ERROR) {
          const it = { offset: 1 };
          this.onMessage('__error', { code: decode.number(data, it), message: decode.string(data, it) });
        } else if (code === Protocol.LEAVE_ROOM) {
          this.leave();
        }
      });
    });
  }

  send(type: string, message?: unknown): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    // The message type as a msgpack string (what encode.string writes), then the msgpack payload.
    const typeBytes = Buffer.concat([Buffer.from([Protocol.ROOM_DATA]), pack(type)]);
    this.socket.send(message === undefined ? typeBytes : Buffer.concat([typeBytes, pack(message)]));
  }

  /** Consented leave: LEAVE_ROOM, then the server closes the socket. */
  leave(): Promise<void> {
    if (this.closedByUs) return Promise.resolve();
    this.closedByUs = true;
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      const done = setTimeout(() => { socket.terminate(); resolve(); }, 5_000);
      socket.once('close', () => { clearTimeout(done); resolve(); });
      if (socket.readyState === WebSocket.OPEN) socket.send(Buffer.from([Protocol.LEAVE_ROOM]));
      else socket.close();
    });
  }
}

/** Reserve and connect in one step. */
export async function joinRaw(
  httpBase: string, method: 'create' | 'joinById' | 'joinOrCreate', target: string, options: Record<string, unknown>,
  decodes: boolean, onMessage: MessageHandler, onState?: () => void, onClose?: (code: number) => void,
): Promise<RawSeat> {
  const reservation = await reserveSeat(httpBase, method, target, options);
  const seat = new RawSeat(reservation, decodes, onMessage, onState, onClose);
  const publicAddress = reservation.room.publicAddress;
  await seat.connect(publicAddress ? `ws://${publicAddress}` : httpBase.replace(/^http/, 'ws'), reservation.room.processId);
  return seat;
}
