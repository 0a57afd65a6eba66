/**
 * The first thing every client frame meets in a room (game rooms and the lobby), before Colyseus
 * decodes its body or looks up a handler: a size cap, a per-client rate limit that drops excess
 * frames undecoded and cuts off a client that keeps flooding, and a fixed list of message types.
 *
 * Why here and not in handlers: Colyseus answers an unknown type (or the type literally named
 * `__no_message_handler`) by closing the socket with the type in the close reason; a reason over
 * 123 bytes makes `ws.close` throw outside any handler, which ended the process. Nothing a client
 * names reaches Colyseus' dispatch, a log label or a metric label unless it is on the list.
 */
import { decode } from '@colyseus/schema';
import { ClientState, Protocol, type Client } from '@colyseus/core';
import { TokenBucket } from '../matchmaking/rateLimit.js';
import { ErrorCodes } from '../../shared/protocol/messages.js';
import { edgeDrops, messagesReceived } from '../ops/metrics.js';
import { reportRoomException } from './roomExceptions.js';
import { roomRefusal, type Params } from '../i18n/serverMessages.js';

export interface EdgePolicy {
  /** Label for metrics (a game id or "lobby"). */
  room: string;
  /** Message types this room handles; anything else is refused before decoding. */
  types: readonly string[];
  /** Largest frame accepted (bytes, type and body together). */
  maxBytes: number;
  burst: number;
  perSecond: number;
  /** A client whose dropped frames within one second exceed this is disconnected. */
  cutOffAfterDrops: number;
}

/** Close code for a client cut off for flooding (4000–4999 are the application's own). */
export const FLOOD_CLOSE_CODE = 4429;

/** Largest frame a room reads; the transport closes sockets that send more than 4 KiB in one frame. */
export const MAX_MESSAGE_BYTES = 2048;

export function edgePolicy(room: string, types: readonly string[], config: { MESSAGE_BURST: number; MESSAGES_PER_SECOND: number; FLOOD_CUTOFF_DROPS: number }): EdgePolicy {
  return { room, types, maxBytes: MAX_MESSAGE_BYTES, burst: config.MESSAGE_BURST, perSecond: config.MESSAGES_PER_SECOND, cutOffAfterDrops: config.FLOOD_CUTOFF_DROPS };
}

interface Flow {
  bucket: TokenBucket;
  windowStart: number;
  droppedInWindow: number;
  warnedAt: number;
}

export type Verdict = 'pass' | 'dropped';

export class MessageEdge {
  private readonly flows = new WeakMap<Client, Flow>();
  private readonly types: ReadonlySet<string>;

  constructor(private readonly policy: EdgePolicy) {
    this.types = new Set(policy.types);
  }

  /** Hands the frame to `deliver` (Colyseus' own dispatch) when it passes; nothing either throws leaves the room. */
  handle(roomId: string, client: Client, frame: Buffer, deliver: () => void): void {
    try {
      if (this.inspect(client, frame) === 'pass') deliver();
    } catch (error) {
      reportRoomException(roomId, 'message', error);
    }
  }

  /**
   * Decide on one raw frame. 'pass' lets Colyseus handle it (the join acknowledgement, a leave,
   * and data frames of a listed type within limits); everything else is answered here.
   * Every frame, whatever its first byte, takes a token first: frames Colyseus would ignore
   * (0xFF...) cost the server as much to receive, and once skipped the limit and the cut-off.
   * Two frames are free, each possible once: the join acknowledgement while joining (Colyseus
   * marks the client joined on it, so a second one pays) and a leave (it ends the session).
   */
  inspect(client: Client, frame: Buffer | Uint8Array | undefined): Verdict {
    if (client.state === ClientState.LEAVING) return 'dropped';
    const code = frame && frame.length > 0 ? frame[0] : undefined;
    if (code === Protocol.LEAVE_ROOM) return 'pass';
    if (code === Protocol.JOIN_ROOM && client.state === ClientState.JOINING) return 'pass';

    const flow = this.flowOf(client);
    const now = Date.now();
    if (!flow.bucket.take(now)) return this.overLimit(client, flow, now);
    if (!frame || (code !== Protocol.ROOM_DATA && code !== Protocol.ROOM_DATA_BYTES)) return this.ignored();

    if (frame.length > this.policy.maxBytes) {
      this.count('oversized');
      this.tell(client, flow, now, ErrorCodes.tooLarge, { max: this.policy.maxBytes });
      return 'dropped';
    }
    const type = code === Protocol.ROOM_DATA ? readType(frame) : null;
    if (type === null || !this.types.has(type)) {
      this.count('unknown');
      this.tell(client, flow, now, ErrorCodes.unknownMessage);
      return 'dropped';
    }
    this.count(type);
    return 'pass';
  }

  /** A frame no client of ours sends (an empty one, a repeated join acknowledgement, an unknown protocol byte): dropped without a word. */
  private ignored(): Verdict {
    edgeDrops.inc({ room: this.policy.room, reason: 'protocol' });
    return 'dropped';
  }

  private overLimit(client: Client, flow: Flow, now: number): Verdict {
    if (now - flow.windowStart >= 1000) {
      flow.windowStart = now;
      flow.droppedInWindow = 0;
    }
    flow.droppedInWindow++;
    edgeDrops.inc({ room: this.policy.room, reason: 'rate' });
    if (flow.droppedInWindow > this.policy.cutOffAfterDrops) {
      edgeDrops.inc({ room: this.policy.room, reason: 'cut_off' });
      client.leave(FLOOD_CLOSE_CODE, 'Too many messages');
      return 'dropped';
    }
    this.tell(client, flow, now, ErrorCodes.rateLimited);
    return 'dropped';
  }

  /** Errors to a client are themselves limited: at most one a second. */
  private tell(client: Client, flow: Flow, now: number, code: string, params?: Params): void {
    if (now - flow.warnedAt < 1000) return;
    flow.warnedAt = now;
    client.send('error', roomRefusal(code, params));
  }

  private count(type: string): void {
    messagesReceived.inc({ game: this.policy.room, type: this.types.has(type) ? type : 'other' });
  }

  private flowOf(client: Client): Flow {
    let flow = this.flows.get(client);
    if (!flow) {
      const now = Date.now();
      flow = { bucket: new TokenBucket(this.policy.burst, this.policy.perSecond, now), windowStart: now, droppedInWindow: 0, warnedAt: 0 };
      this.flows.set(client, flow);
    }
    return flow;
  }
}

/** Longest message type name read at all; every type a room handles is far shorter. */
const MAX_TYPE_BYTES = 64;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The message type of a ROOM_DATA frame as a string, or null when it is a number, too long, or not
 * valid UTF-8 (read here rather than with the schema decoder, which prints a line per bad byte).
 */
function readType(frame: Buffer | Uint8Array): string | null {
  const bytes = frame as Buffer;
  const it = { offset: 1 };
  if (frame.length < 2 || !decode.stringCheck(bytes, it)) return null;
  const prefix = bytes[it.offset++];
  const length = prefix < 0xc0 ? prefix & 0x1f
    : prefix === 0xd9 ? decode.uint8(bytes, it)
    : prefix === 0xda ? decode.uint16(bytes, it)
    : decode.uint32(bytes, it);
  if (length > MAX_TYPE_BYTES || it.offset + length > frame.length) return null;
  try {
    return strictUtf8.decode(frame.subarray(it.offset, it.offset + length));
  } catch {
    return null;
  }
}
