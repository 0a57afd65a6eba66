/**
 * This process' liveness lease (issue 24, several processes): a Redis key with a TTL that the
 * process renews every quarter of it. A process that stops renewing (killed, frozen, cut off from
 * Redis) loses the key, and with it its tables: the survivors take them over
 * (server/journal/takeover.ts). The store's fencing token, not the lease, keeps two copies from
 * writing: a lease only says who should claim.
 *
 * Keys live under the ioredis `keyPrefix` of REDIS_URL (tests use a prefix per run):
 * `junction:lease:<owner>` (the lease), `junction:lease-holders` (a sorted set owner → expiry,
 * used only to spread the claims of a dead process' tables over the survivors) and
 * `junction:lease-rooms:<processId>` (the same lease under the Colyseus process id that room
 * listings carry, so a join can tell a table whose process died: server/journal/joinHold.ts).
 */
import { Redis } from 'ioredis';
import { untilRedisReady } from '../ops/redisReady.js';
import { logger } from '../ops/logger.js';

const LEASE_KEY = 'junction:lease:';
const HOLDERS_KEY = 'junction:lease-holders';
const ROOMS_KEY = 'junction:lease-rooms:';
/** Holders expired this long ago are dropped from the sorted set. */
const FORGET_HOLDERS_MS = 60_000;

export class ProcessLease {
  private timer: NodeJS.Timeout | undefined;
  /** When the last renewal that Redis confirmed was sent (local clock). */
  private confirmedAt = 0;
  private released = false;
  /** Called when this process finds it lost its lease (a gap past the TTL, or the key gone): its tables may have moved. */
  onLost: () => void = () => undefined;

  private constructor(private readonly redis: Redis, readonly owner: string, private readonly roomProcess: string, readonly ttlMs: number) {}

  /** `roomProcess`: this process' Colyseus process id (the one its room listings carry). */
  static async open(redisUrl: string, owner: string, roomProcess: string, ttlMs: number, connectTimeoutMs: number): Promise<ProcessLease> {
    // A short command timeout: a renewal stuck behind a silent Redis must fail, not wait forever (STACK-NOTES 25).
    const redis = new Redis(redisUrl, { connectTimeout: connectTimeoutMs, maxRetriesPerRequest: 1, commandTimeout: Math.max(500, ttlMs), enableAutoPipelining: true });
    redis.on('error', (error: unknown) => logger.warn({ err: error }, 'lease: Redis connection error'));
    await untilRedisReady([redis], redisUrl, connectTimeoutMs);
    const lease = new ProcessLease(redis, owner, roomProcess, ttlMs);
    await lease.renew();
    lease.timer = setInterval(() => void lease.renew(), Math.max(50, Math.floor(ttlMs / 4)));
    lease.timer.unref();
    return lease;
  }

  private async renew(): Promise<void> {
    if (this.released) return;
    const sentAt = Date.now();
    const previous = this.confirmedAt;
    try {
      const [[, kept]] = (await this.redis.multi()
        .set(LEASE_KEY + this.owner, '1', 'PX', this.ttlMs, 'XX')
        .set(LEASE_KEY + this.owner, '1', 'PX', this.ttlMs, 'NX')
        .set(ROOMS_KEY + this.roomProcess, this.owner, 'PX', this.ttlMs)
        .zadd(HOLDERS_KEY, sentAt + this.ttlMs, this.owner)
        .zremrangebyscore(HOLDERS_KEY, '-inf', sentAt - FORGET_HOLDERS_MS)
        .exec()) as [[Error | null, unknown], ...unknown[]];
      if (this.released) return; // released meanwhile: the key we just set must go
      this.confirmedAt = sentAt;
      // The key had expired (XX found nothing), or we could not renew for a whole TTL: survivors may have claimed our tables.
      if (previous > 0 && (kept !== 'OK' || sentAt - previous >= this.ttlMs)) {
        logger.warn({ owner: this.owner, gapMs: sentAt - previous }, 'lease: this process lost its lease; checking which tables moved');
        this.onLost();
      }
    } catch (error) {
      logger.warn({ err: error }, 'lease: renewal failed');
    }
    if (this.released) await this.redis.del(LEASE_KEY + this.owner, ROOMS_KEY + this.roomProcess).catch(() => undefined);
  }

  /** Whether this process holds its lease as far as it knows (renewed within the TTL). */
  get held(): boolean {
    return !this.released && Date.now() - this.confirmedAt < this.ttlMs;
  }

  /** Owners (of those given) whose lease is alive now. */
  async alive(owners: readonly string[]): Promise<Set<string>> {
    if (owners.length === 0) return new Set();
    const values = await this.redis.mget(...owners.map((o) => LEASE_KEY + o));
    return new Set(owners.filter((_, i) => values[i] !== null));
  }

  /**
   * The lease of the process with this Colyseus id, by its time left in Redis (no clock is compared):
   * `renewed` within the last half of the TTL, `late` (frozen, or dead and not yet expired) or `gone`.
   */
  async roomProcessLease(processId: string): Promise<'renewed' | 'late' | 'gone'> {
    const left = await this.redis.pttl(ROOMS_KEY + processId);
    if (left < 0) return 'gone';
    return left > this.ttlMs / 2 ? 'renewed' : 'late';
  }

  /** Owners whose lease has not expired by their own account (for spreading claims; not a liveness proof). */
  async holders(): Promise<string[]> {
    return this.redis.zrangebyscore(HOLDERS_KEY, Date.now(), '+inf');
  }

  /** Stop renewing and drop the lease now, so the survivors claim this process' tables at once. */
  async release(): Promise<void> {
    this.released = true;
    clearInterval(this.timer);
    await this.redis.multi().del(LEASE_KEY + this.owner, ROOMS_KEY + this.roomProcess).zrem(HOLDERS_KEY, this.owner).exec().catch((error: unknown) => logger.warn({ err: error }, 'lease: release failed'));
  }

  async close(): Promise<void> {
    if (!this.released) await this.release();
    this.redis.disconnect();
  }
}
