/**
 * code → roomId, kept in Colyseus presence so every process (RedisPresence) sees every code.
 * Each code is its own key with an expiry that its room renews: the codes of a process that died
 * without releasing them expire instead of staying for ever.
 */
import { randomInt } from 'node:crypto';
import type { Presence } from '@colyseus/core';
import { makeCode, normaliseCode } from '../../shared/protocol/codes.js';

const CODE_KEY = (code: string) => `junction:code:${code}`;
/** How long a code lives without renewal; rooms renew it every CODE_RENEW_MS. */
export const CODE_TTL_SECONDS = 30 * 60;
export const CODE_RENEW_MS = 10 * 60_000;

/**
 * `heldElsewhere`: whether a table the presence does not list holds the code (a turn-based table
 * asleep in the store keeps its code; a process without Redis forgets presence when it restarts).
 */
export async function reserveCode(presence: Presence, roomId: string, heldElsewhere: (code: string) => Promise<boolean> = async () => false): Promise<string> {
  for (;;) {
    const code = makeCode(randomInt);
    if (!(await presence.get(CODE_KEY(code))) && !(await heldElsewhere(code))) {
      await presence.setex(CODE_KEY(code), roomId, CODE_TTL_SECONDS);
      return code;
    }
  }
}

export async function renewCode(presence: Presence, code: string, roomId: string): Promise<void> {
  await presence.setex(CODE_KEY(code), roomId, CODE_TTL_SECONDS);
}

/**
 * A turn-based table going to sleep keeps its code (issue 25): it stays in presence until its next
 * deadline has woken it (then the woken room renews it) and a little after; the store answers for
 * it beyond that (GET /api/rooms/code/:code).
 */
export async function holdCodeAsleep(presence: Presence, code: string, roomId: string, wakeAt: number | null, now = Date.now()): Promise<void> {
  const seconds = wakeAt === null ? CODE_TTL_SECONDS : Math.ceil(Math.max(0, wakeAt - now) / 1000) + CODE_TTL_SECONDS;
  await presence.setex(CODE_KEY(code), roomId, seconds);
}

export async function releaseCode(presence: Presence, code: string): Promise<void> {
  await presence.del(CODE_KEY(code));
}

export async function roomIdForCode(presence: Presence, text: string): Promise<string | null> {
  const code = normaliseCode(text);
  return code ? ((await presence.get(CODE_KEY(code))) as string | null) ?? null : null;
}
