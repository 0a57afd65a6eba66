/**
 * The shared room listing on Redis (Colyseus' RedisDriver), with a clean-up that never deletes a
 * table another process has reopened meanwhile (issue 24).
 *
 * When a process dies, a survivor's health check calls `cleanup(deadProcessId)`: RedisDriver reads
 * the whole listing, keeps the rooms of the dead process, then deletes them by id. A table reopened
 * elsewhere under the same id between that read and the delete lost its fresh listing: joins by id
 * failed until the table noticed and listed itself again (tableListing.ts `keepListed`, every 2 s), which
 * made a few seats of every failover bench run take several join attempts (docs/benchmarks.md).
 * Here the delete is one Lua script that removes an entry only while it still names the dead process.
 */
import { RedisDriver } from '@colyseus/redis-driver';
import { pipelineCommands } from '../ops/redisPipelining.js';
import type { Redis } from 'ioredis';

/** RedisDriver's hash of listings (not exported by the driver). */
const LISTINGS_KEY = 'roomcaches';
const PER_SCRIPT = 500;

const DELETE_IF_STILL_OWNED = `
local removed = 0
for i = 2, #ARGV do
  local entry = redis.call('HGET', KEYS[1], ARGV[i])
  if entry then
    local ok, room = pcall(cjson.decode, entry)
    if ok and type(room) == 'table' and room.processId == ARGV[1] then
      redis.call('HDEL', KEYS[1], ARGV[i])
      removed = removed + 1
    end
  end
end
return removed
`;

export class ListingDriver extends RedisDriver {
  private readonly redis: Redis;

  constructor(url: string) {
    super(url);
    // The driver's own connection (ioredis, REDIS_URL's keyPrefix included): the script runs where its listings are.
    this.redis = (this as unknown as { _client: Redis })._client;
    pipelineCommands(this.redis);
  }

  override async cleanup(processId: string): Promise<void> {
    const stale = (await this.query({ processId })).map((room) => room.roomId);
    for (let i = 0; i < stale.length; i += PER_SCRIPT) {
      await this.redis.eval(DELETE_IF_STILL_OWNED, 1, LISTINGS_KEY, processId, ...stale.slice(i, i + PER_SCRIPT));
    }
  }
}
