/**
 * A player-facing message as the server sends it: a key and parameters, never a sentence.
 * The client formats it in the player's language (client/i18n/format.ts); the same shape carries
 * game events, refusals, result summaries and server notices.
 *
 * Keys are i18next keys with their namespace: `railway_madness:event.flip`, `server:error.rate_limited`.
 * Parameter values travel as strings or numbers; two string forms are references the client resolves:
 * - `@N`   seat N (0-based): the player's name, or "you" when it is the reader's seat;
 * - `$key` a translatable fragment (a card's name...), formatted first in the reader's language.
 * The parameter named `seat` is the actor: when it is the reader, the client asks for the key's
 * `_you` context ("You took…" / "Vous avez pris…"). `count` selects plural forms.
 */
export type MsgParam = string | number;
export interface Msg {
  key: string;
  params?: Record<string, MsgParam>;
}

export function msg(key: string, params?: Record<string, MsgParam>): Msg {
  return params ? { key, params } : { key };
}

/** A seat named in a message: shown as the player's name, or "you". */
export function seatRef(seat: number): string {
  return `@${seat}`;
}

/** A fragment the client translates before it goes into the sentence (e.g. `railway_madness:car.red_loco`). */
export function keyRef(key: string): string {
  return `$${key}`;
}

/** Schema maps hold strings: numbers go out as their decimal text and come back as numbers. */
export function paramsToWire(params: Record<string, MsgParam> | undefined): [string, string][] {
  return Object.entries(params ?? {}).map(([k, v]) => [k, typeof v === 'number' ? `#${v}` : v]);
}

export function paramsFromWire(entries: Iterable<[string, string]>): Record<string, MsgParam> {
  const params: Record<string, MsgParam> = {};
  for (const [k, v] of entries) params[k] = v.startsWith('#') ? Number(v.slice(1)) : v;
  return params;
}

export function isMsg(value: unknown): value is Msg {
  return typeof value === 'object' && value !== null && typeof (value as Msg).key === 'string';
}
