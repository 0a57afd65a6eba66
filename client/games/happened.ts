/**
 * What happened since the last render, as the engine said it (shared/games/contract.ts GameEvent):
 * its type and message, and whatever other fields reached this client. A live table hears of
 * public events through the state's log (key and parameters only) and of private ones through
 * `events` messages (type and message); the replay has the journal's whole events. Each game reads
 * these into its own typed events (e.g. client/games/railway/happened.ts) from the message's
 * parameters, which both sources carry: who (`seat`), which card, where.
 */
import type { Msg, MsgParam } from '../../shared/i18n/msg.js';

export interface Happened {
  /** The engine's event type where it travelled (`take`), else the last part of its message key (`event.take` → `take`). */
  readonly type: string;
  readonly msg: Msg | null;
  /** The engine event's own fields (`slot`, `train`...): only the replay has them. */
  readonly fields: Readonly<Record<string, unknown>>;
}

/** A public log entry or a private event, as the table hears it. */
export function happenedFromMsg(message: Msg, type?: string): Happened {
  return { type: type ?? message.key.slice(message.key.lastIndexOf('.') + 1), msg: message, fields: {} };
}

/** An engine event kept whole (the replay's journal). */
export function happenedFromEvent(event: { type: string; msg?: Msg; [field: string]: unknown }): Happened {
  return { type: event.type, msg: event.msg ?? null, fields: event };
}

/** The message's parameter `name`. */
export function param(h: Happened, name: string): MsgParam | undefined {
  return h.msg?.params?.[name];
}

/** A seat parameter (`@2` → 2), or null. */
export function seatParam(h: Happened, name = 'seat'): number | null {
  const value = param(h, name);
  return typeof value === 'string' && /^@\d+$/.test(value) ? Number(value.slice(1)) : null;
}

/** The last part of a key parameter (`$railway_madness:type.tank` → `tank`), or null. */
export function keyParam(h: Happened, name: string): string | null {
  const value = param(h, name);
  return typeof value === 'string' && value.startsWith('$') ? value.slice(value.lastIndexOf('.') + 1) : null;
}

/** A number field of the engine event or, failing that, a number parameter of its message. */
export function numberOf(h: Happened, name: string): number | null {
  const value = h.fields[name] ?? param(h, name);
  return typeof value === 'number' ? value : null;
}
