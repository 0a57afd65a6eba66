/**
 * Every refusal and notice the server itself sends (rooms, the message edge, HTTP) is a code the
 * client formats in the player's language as `server:error.<code>` / `server:notice.<name>`
 * (client/i18n/locales/<lang>/server.json). Engine refusals are the game's own: `<gameId>:error.<code>`.
 * English sentences stay only in HTTP `error` fields, for API users.
 */
import { ServerError } from '@colyseus/core';
import { msg, paramsToWire, type Msg, type MsgParam } from '../../shared/i18n/msg.js';

export type Params = Record<string, MsgParam>;

/** The body of an `error` message to one client. */
export interface Refusal { code: string; key: string; params?: Params; id?: number }

export function serverErrorKey(code: string): string {
  return `server:error.${code}`;
}

export function refusal(code: string, key: string, params?: Params, id?: number): Refusal {
  const body: Refusal = { code, key };
  if (params && Object.keys(params).length > 0) body.params = params;
  if (id !== undefined) body.id = id;
  return body;
}

/** A refusal by the room or its edge (not by the rules). */
export function roomRefusal(code: string, params?: Params, id?: number): Refusal {
  return refusal(code, serverErrorKey(code), params, id);
}

/** `notice` → `{ key, params? }`. */
export function notice(name: string, params?: Params): Msg {
  return msg(`server:notice.${name}`, params);
}

/**
 * A join or table creation refused in onCreate/onAuth/onJoin. colyseus.js hands the client the
 * error's message only, so the message IS the code (the client formats `server:error.<code>`),
 * with its parameters as a query string: `option_too_big?option=%24lobby%3A…&max=%2310`
 * (numbers as `#n`, shared/i18n/msg.ts `paramsToWire`; client/net/joinErrors.ts reads it).
 */
export function joinRefusal(code: string, params?: Params): ServerError {
  const query = params && Object.keys(params).length > 0 ? `?${new URLSearchParams(paramsToWire(params)).toString()}` : '';
  return new ServerError(4216, `${code}${query}`); // Colyseus' ErrorCode.APPLICATION_ERROR
}
