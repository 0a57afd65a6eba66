/**
 * Whether the machine's PostgreSQL and Redis answer. Tests that need them skip with a message
 * when they do not, except under CI=true, where a missing service is a failure.
 */
import net from 'node:net';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => { socket.destroy(); resolve(false); });
  });
}

/** Resolves true when the service is up; false (with a console note) when the test should skip; throws under CI. */
export async function requireService(name: 'postgres' | 'redis'): Promise<boolean> {
  const up = name === 'postgres' ? await reachable('127.0.0.1', 5432) : await reachable('127.0.0.1', 6379);
  if (up) return true;
  if (process.env.CI === 'true') throw new Error(`${name} is required under CI=true but does not answer on 127.0.0.1`);
  console.warn(`[skip] ${name} is not running on 127.0.0.1: skipping the tests that need it`);
  return false;
}
