/**
 * Presence for this process: in memory alone, Colyseus' RedisPresence with REDIS_URL.
 *
 * ioredis 5.11 runs its ready check only after the CLIENT SETINFO handshake, and lets SUBSCRIBE
 * through before that. When Colyseus subscribes to the process's IPC channel in that window (a
 * quick start, e.g. on an empty database), the connection is in subscriber mode when the ready check
 * sends INFO: "Connection in subscriber mode, only subscriber commands may be used", the
 * subscription is lost, the process never answers room-creation requests, and the next process's
 * health check removes it from the matchmaker's stats. Waiting for both connections to be ready
 * before the matchmaker starts avoids that window; a Redis that is not ready in time stops start-up
 * (server/ops/redisReady.ts).
 */
import { LocalPresence, type Presence } from '@colyseus/core';
import { RedisPresence } from '@colyseus/redis-presence';
import type { Redis } from 'ioredis';
import { untilRedisReady } from './ops/redisReady.js';
import { pipelineCommands } from './ops/redisPipelining.js';

class ConnectionsOfRedisPresence extends RedisPresence {
  /** The publishing and the subscribing connection (a URL makes them single-node clients, not a Cluster). */
  connections(): Redis[] {
    return [this.sub, this.pub] as Redis[];
  }

  /** The connection that sends commands and publishes (SUBSCRIBE is never pipelined, so only this one is). */
  publishing(): Redis {
    return this.pub as Redis;
  }
}

export async function openPresence(redisUrl: string | undefined, connectTimeoutMs: number): Promise<Presence> {
  if (!redisUrl) return new LocalPresence();
  const presence = new ConnectionsOfRedisPresence(redisUrl);
  pipelineCommands(presence.publishing());
  await untilRedisReady(presence.connections(), redisUrl, connectTimeoutMs);
  return presence;
}
