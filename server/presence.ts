/**
 * Presence for this process: in memory alone, Colyseus' RedisPresence with REDIS_URL.
 *
 * ioredis 5.11 runs its ready check only after the CLIENT SETINFO handshake, and lets SUBSCRIBE
 * through before that. When Colyseus subscribes to the process's IPC channel in that window (a
 * quick start, e.g. on an empty database), the connection is in subscriber mode when the ready check
 * sends INFO: "Connection in subscriber mode, only subscriber commands may be used", the
 * subscription is lost, the process never answers room-creation requests, and the next process's
 * health check removes it from the matchmaker's stats. Waiting for both connections to be ready
 * before the matchmaker starts avoids that window.
 */
import { once } from 'node:events';
import { LocalPresence, type Presence } from '@colyseus/core';
import { RedisPresence } from '@colyseus/redis-presence';
import { logger } from './ops/logger.js';

const READY_TIMEOUT_MS = 15_000;

class ReadyRedisPresence extends RedisPresence {
  /** Resolves when both the publishing and the subscribing connection are ready (or after a timeout). */
  async ready(): Promise<void> {
    const ready = Promise.all([this.sub, this.pub].map((c) => (c.status === 'ready' ? undefined : once(c, 'ready'))));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), READY_TIMEOUT_MS); });
    const outcome = await Promise.race([ready, late]);
    clearTimeout(timer);
    if (outcome === 'late') logger.warn('Redis is not ready yet: starting anyway, matchmaking across processes may fail until it is');
  }
}

export async function openPresence(redisUrl: string | undefined): Promise<Presence> {
  if (!redisUrl) return new LocalPresence();
  const presence = new ReadyRedisPresence(redisUrl);
  await presence.ready();
  return presence;
}
