/**
 * Redis commands issued in one turn of the event loop leave in one write (server/ops/redisPipelining.ts):
 * the presence's publishing connection, as the server opens it, sends 200 commands issued together
 * with a handful of write system calls (this process's `syscw` in /proc/self/io; one each without
 * pipelining), keeps their order (the last value set wins) and answers each.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Presence } from '@colyseus/core';
import { openPresence } from '../../server/presence.js';
import { deleteRedisKeys, prefixedRedisUrl, requireService } from '../support/services.js';

const up = await requireService('redis');
const prefix = `junction-pipelining-${process.pid}-${Date.now().toString(36)}:`;
let presence: Presence | null = null;

afterAll(async () => {
  await presence?.shutdown();
  if (up) await deleteRedisKeys(prefix);
});

const writeCalls = (): number => Number(/^syscw:\s*(\d+)/m.exec(readFileSync('/proc/self/io', 'utf8'))![1]);

describe.runIf(up)('Redis commands of one turn in one write', () => {
  it('200 commands issued together take a handful of writes, in order, each answered', async () => {
    presence = await openPresence(prefixedRedisUrl(prefix), 10_000);
    const before = writeCalls();
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => presence!.hset('order', 'last', String(i))));
    const writes = writeCalls() - before;
    expect(answers).toHaveLength(200);
    expect(await presence.hget('order', 'last')).toBe('199');
    // One pipelined write (and at most a few from anything else this process does meanwhile).
    expect(writes).toBeLessThan(20);
  }, 60_000);
});
