/** code → roomId, kept in Colyseus presence so every process (RedisPresence) sees every code. */
import type { Presence } from '@colyseus/core';
import { Rng, randomSeed } from '../../shared/random.js';
import { makeCode, normaliseCode } from '../../shared/protocol/codes.js';

const CODES_KEY = 'junction:codes';

export async function reserveCode(presence: Presence, roomId: string): Promise<string> {
  const rng = new Rng(randomSeed());
  for (;;) {
    const code = makeCode(rng);
    if (!(await presence.hget(CODES_KEY, code))) {
      await presence.hset(CODES_KEY, code, roomId);
      return code;
    }
  }
}

export async function releaseCode(presence: Presence, code: string): Promise<void> {
  await presence.hdel(CODES_KEY, code);
}

export async function roomIdForCode(presence: Presence, text: string): Promise<string | null> {
  const code = normaliseCode(text);
  return code ? presence.hget(CODES_KEY, code) : null;
}
