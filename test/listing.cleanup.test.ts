/**
 * The survivors' clean-up of a dead process' listings and a table reopened under the same id at the
 * same moment (issue 24): the reopened table's listing must stay.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { RedisDriver } from '@colyseus/redis-driver';
import type { IRoomCache } from '@colyseus/core';
import { ListingDriver } from '../server/matchmaking/listingDriver.js';
import { deleteRedisKeys, prefixedRedisUrl, requireService } from './support/services.js';

const keyPrefix = `junction-test-listing-${process.pid}-${Date.now().toString(36)}:`;
const redisUp = await requireService('redis');
const drivers: RedisDriver[] = [];

afterAll(async () => {
  for (const driver of drivers) await driver.shutdown();
  if (redisUp) await deleteRedisKeys(keyPrefix);
});

function listing(roomId: string, processId: string): Partial<IRoomCache> {
  return { roomId, processId, name: 'railway_madness', clients: 2, maxClients: 4 };
}

/**
 * A clean-up whose read of the listing is answered before `meanwhile` runs: the interleaving the
 * failover bench hit (the survivor reopens the table between the clean-up's read and its delete).
 */
function cleanupAround<T extends new (url: string) => RedisDriver>(Base: T, meanwhile: () => Promise<void>) {
  return class extends (Base as new (url: string) => RedisDriver) {
    override async query(conditions: Partial<IRoomCache>) {
      const found = await super.query(conditions);
      await meanwhile();
      return found;
    }
  };
}

describe.skipIf(!redisUp)('clean-up of a dead process\' listings', () => {
  it('keeps a table that another process listed under the same id during the clean-up, and removes the dead one\'s others', async () => {
    const url = prefixedRedisUrl(`${keyPrefix}kept:`);
    const survivor = new ListingDriver(url);
    drivers.push(survivor);
    await survivor.createInstance(listing('moved', 'dead')).save();
    await survivor.createInstance(listing('gone', 'dead')).save();
    const Racing = cleanupAround(ListingDriver, () => survivor.createInstance(listing('moved', 'survivor')).save());
    const cleaning = new Racing(url);
    drivers.push(cleaning);

    await cleaning.cleanup('dead');

    expect((await survivor.findOne({ roomId: 'moved' }))?.processId).toBe('survivor');
    expect(await survivor.findOne({ roomId: 'gone' })).toBeUndefined();
  });

  it('(why: Colyseus\' own RedisDriver clean-up deletes the reopened table\'s listing in the same interleaving)', async () => {
    const url = prefixedRedisUrl(`${keyPrefix}lost:`);
    const survivor = new RedisDriver(url);
    drivers.push(survivor);
    await survivor.createInstance(listing('moved', 'dead')).save();
    const Racing = cleanupAround(RedisDriver, () => survivor.createInstance(listing('moved', 'survivor')).save());
    const cleaning = new Racing(url);
    drivers.push(cleaning);

    await cleaning.cleanup('dead');

    expect(await survivor.findOne({ roomId: 'moved' })).toBeUndefined();
  });
});
