/**
 * Redis commands of one turn of the event loop go out in one write (ioredis' auto-pipelining).
 * Every command written on its own was a system call: when a tournament round opened, writes to
 * Redis (listings saved at each seat taken, rooms looked up, rate limits, leases, IPC) were a third
 * of the game processes' time (docs/benchmarks.md "Redis commands in one write a turn"). Order per
 * connection is kept; a batch waits for the previous one's replies, so a command waits at most one
 * round trip more. Colyseus' presence and driver make their own connections from the URL alone, so
 * the option is set on the connection they made (ioredis reads it at each command).
 */
import type { Redis } from 'ioredis';

export function pipelineCommands(redis: Redis): void {
  redis.options.enableAutoPipelining = true;
}
