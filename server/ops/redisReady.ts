/**
 * Start-up's deadline for Redis. ioredis with its default options retries a server that accepts
 * connections and never answers for ever, and `ready` never fires (STACK-NOTES 25): without a
 * deadline of our own the process sat without a listener, a /health or an exit.
 */
import { once } from 'node:events';
import type { Redis } from 'ioredis';

/** "Redis at host:port" without credentials, for operators' messages. */
export function redisWhere(redisUrl: string): string {
  try {
    const url = new URL(redisUrl);
    return `Redis at ${url.hostname}:${url.port || 6379}`;
  } catch {
    return 'Redis';
  }
}

/**
 * Resolves when every connection is ready; otherwise disconnects them all and rejects after
 * `timeoutMs` with a message naming the host.
 */
export async function untilRedisReady(connections: readonly Redis[], redisUrl: string, timeoutMs: number): Promise<void> {
  const ready = Promise.all(connections.map((c) => (c.status === 'ready' ? undefined : once(c, 'ready'))));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), timeoutMs); });
  const outcome = await Promise.race([ready, late]);
  clearTimeout(timer);
  if (outcome !== 'late') return;
  for (const c of connections) c.disconnect();
  throw new Error(`${redisWhere(redisUrl)} did not answer within ${timeoutMs} ms (REDIS_CONNECT_TIMEOUT_MS): is it running and reachable?`);
}
