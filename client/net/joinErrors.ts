/**
 * A failed join or table creation as a message the player can read in their language. The room
 * refuses with its code as the error's message, parameters after a `?` as a query string
 * (server/i18n/serverMessages.ts `joinRefusal`); Colyseus' own refusals and HTTP limits arrive as numbers.
 */
import { msg, paramsFromWire, type Msg } from '../../shared/i18n/msg.js';

const CODE = /^[a-z][a-z0-9_]{1,40}$/;

/** Colyseus 0.16 ErrorCode values and HTTP statuses we can name. */
const BY_NUMBER: Record<number, string> = {
  4212: 'room_not_found', // MATCHMAKE_INVALID_ROOM_ID: gone, or locked
  4214: 'seat_expired', // MATCHMAKE_EXPIRED
  404: 'no_such_code',
  411: 'bad_request',
  413: 'bad_request',
  429: 'try_again_later',
  500: 'matchmaking_unavailable',
};

export function joinErrorMsg(error: unknown): Msg {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown };
  if (typeof e.message === 'string') {
    const cut = e.message.indexOf('?');
    const code = cut < 0 ? e.message : e.message.slice(0, cut);
    if (CODE.test(code)) {
      const params = cut < 0 ? {} : paramsFromWire(new URLSearchParams(e.message.slice(cut + 1)).entries());
      return msg(`server:error.${code}`, Object.keys(params).length > 0 ? params : undefined);
    }
  }
  if (typeof e.code === 'number' && BY_NUMBER[e.code]) return msg(`server:error.${BY_NUMBER[e.code]}`);
  return msg('server:error.join_failed');
}

/** Thrown by Connection's joins: `msg` is what to show; `message` its key (for logs). */
export class JoinError extends Error {
  constructor(readonly msg: Msg, override readonly cause?: unknown) {
    super(msg.key);
    this.name = 'JoinError';
  }
}

/** An HTTP JSON error body (`{ error, code, params? }`) as a message. */
export function httpErrorMsg(status: number, body: unknown): Msg {
  const b = (typeof body === 'object' && body !== null ? body : {}) as { code?: unknown; params?: unknown };
  if (typeof b.code === 'string' && CODE.test(b.code)) {
    const params = typeof b.params === 'object' && b.params !== null ? b.params as Record<string, string | number> : undefined;
    return msg(`server:error.${b.code}`, params);
  }
  return msg(`server:error.${BY_NUMBER[status] ?? 'server_error'}`);
}
