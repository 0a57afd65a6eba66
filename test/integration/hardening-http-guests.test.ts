/**
 * Issue 28, item 4: guest rows cannot grow without bound. Joins with forged tokens draw on the same
 * per-address guest budget as POST /api/identity (counted in the real PostgreSQL table), and the
 * retention sweep deletes guests that never finished a game once they are old, keeping the others.
 * PostgreSQL runs in a schema of this test's own, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootServer, eventually, type TestServer } from '../support/server.js';
import { POSTGRES_URL, requireService, inPostgres } from '../support/services.js';
import { openStore, type GameRecord, type IdentityRecord, type Store } from '../../server/store/index.js';
import { sweepIdleGuests } from '../../server/store/retention.js';

const DAY_MS = 24 * 60 * 60_000;
const SCHEMA = `junction_guests_${process.pid}_${Date.now().toString(36)}`;
const up = await requireService('postgres');

const countGuests = async (): Promise<number> => Number((await inPostgres<{ n: string }>(`select count(*) as n from "${SCHEMA}".identities`))[0].n);

const forgedToken = (): string => `u_${randomBytes(12).toString('base64url')}.${randomBytes(32).toString('base64url')}`;

function guest(id: string, createdAt: number): IdentityRecord {
  return { id, name: id.slice(2, 12), tag: '0001', createdAt, updatedAt: createdAt };
}

function finishedGame(id: string, identityId: string, at: number): GameRecord {
  return {
    id, game: 'traffic_memory', variant: 'classic', seed: 7, startedAt: at - 60_000, finishedAt: at, durationMs: 60_000,
    summary: { key: 'server:event.text', params: { text: 'done' } }, tournamentId: null, tableId: null,
    players: [{ seat: 0, name: 'Old#0001', playerId: null, identityId, bot: false, score: 1, place: 1 }],
  };
}

/** Old idle, old with a finished game, old but seated at a game started this week, recent. */
async function seedGuests(store: Store, now: number): Promise<void> {
  const old = now - 40 * DAY_MS;
  for (const [id, at] of [['u_oldIdleGuest000001', old], ['u_oldPlayedGuest0001', old], ['u_oldSeatedGuest0001', old], ['u_newGuest0000000001', now - DAY_MS]] as const) {
    expect(await store.createIdentity(guest(id, at), `hash-${id}-${now}`)).toBe(true);
  }
  await store.saveGameResult(finishedGame(`played-${now}`, 'u_oldPlayedGuest0001', old + DAY_MS));
  await store.startGameSession({
    id: `running-${now}`, game: 'traffic_memory', variant: 'classic', options: { variant: 'classic', players: 2 }, seed: 8,
    startedAt: now - DAY_MS, seats: [{ seat: 0, name: 'Seated#0001', identityId: 'u_oldSeatedGuest0001', bot: false }], private: false, rated: false,
  });
}

describe('the guest sweep on the embedded store', () => {
  it('deletes an old guest that never finished a game, keeps one with a game, one at play and a recent one', async () => {
    const store = await openStore({ dataDir: 'memory://', databaseUrl: '' });
    try {
      const now = Date.now();
      await seedGuests(store, now);
      expect(await sweepIdleGuests(store, 30, () => now)).toBe(1);
      expect(await store.getIdentity('u_oldIdleGuest000001')).toBeNull();
      for (const kept of ['u_oldPlayedGuest0001', 'u_oldSeatedGuest0001', 'u_newGuest0000000001']) expect(await store.getIdentity(kept), kept).not.toBeNull();
      // A second sweep finds nothing more.
      expect(await sweepIdleGuests(store, 30, () => now)).toBe(0);
    } finally {
      await store.close();
    }
  }, 180_000); // opening and migrating an embedded store is slow on a loaded machine
});

describe.skipIf(!up)('guests on PostgreSQL', () => {
  let server: TestServer;

  beforeAll(async () => {
    await inPostgres(`create schema "${SCHEMA}"`);
    const seeding = await openStore({ databaseUrl: POSTGRES_URL, schema: SCHEMA });
    try {
      await seedGuests(seeding, Date.now());
    } finally {
      await seeding.close();
    }
    server = await bootServer({
      DATABASE_URL: `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${SCHEMA}`)}`,
      GUEST_CREATE_BURST: 3, GUEST_CREATE_PER_SECOND: 0.01, GUEST_RETENTION_DAYS: 30,
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await inPostgres(`drop schema if exists "${SCHEMA}" cascade`);
  });

  it('sweeps at start: the old idle guest goes, the guest with a finished game stays', async () => {
    await eventually(async () => (await server.junction.store.getIdentity('u_oldIdleGuest000001')) === null, 60_000, 'the idle guest deleted');
    expect(await server.junction.store.getIdentity('u_oldPlayedGuest0001')).not.toBeNull();
    expect(await server.junction.store.getIdentity('u_oldSeatedGuest0001')).not.toBeNull();
    expect(await server.junction.store.getIdentity('u_newGuest0000000001')).not.toBeNull();
  });

  it('creates at most the guest budget from one address flooding joins with forged tokens', async () => {
    const before = await countGuests();
    const issued: { id: string; token: string }[] = [];
    const refused: string[] = [];
    for (let i = 0; i < 7; i++) {
      try {
        const room = await server.client().create('traffic_memory', { private: true, players: 2, range: '1-12', token: forgedToken() });
        const identity = await new Promise<{ id: string; token: string }>((resolve) => {
          room.onMessage('identity', (m: { token: string; identity: { id: string } }) => resolve({ id: m.identity.id, token: m.token }));
        });
        issued.push(identity);
        await room.leave(true);
      } catch (error) {
        refused.push(String((error as Error).message));
      }
    }
    expect(issued).toHaveLength(3);
    expect(refused).toHaveLength(4);
    for (const message of refused) expect(message).toMatch(/^too_many_guests\?count=/);
    expect(await countGuests()).toBe(before + 3);
    // The same budget covers POST /api/identity.
    const res = await fetch(`${server.http}/api/identity`, { method: 'POST' });
    expect(res.status).toBe(429);
    expect(await countGuests()).toBe(before + 3);
    // And a tournament registration without a token (it would be issued a fresh guest).
    const made = await fetch(`${server.http}/api/tournaments`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Night', game: 'car_exchange', variant: 'classic', tableSize: 4, rounds: 2, format: 'swiss' }),
    });
    expect(made.status).toBe(201);
    const { tournament } = await made.json() as { tournament: { id: string } };
    const registered = await fetch(`${server.http}/api/tournaments/${tournament.id}/register`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Flood' }),
    });
    expect(registered.status).toBe(429);
    expect(await registered.json()).toMatchObject({ code: 'too_many_requests' });
    expect(await countGuests()).toBe(before + 3);
    // A join with a token the server issued is no new guest: the spent budget does not refuse it.
    const back = await server.client().create('traffic_memory', { private: true, players: 2, range: '1-12', token: issued[0].token });
    await eventually(() => (back.state as { players?: Map<string, { name: string }> }).players?.get(back.sessionId)?.name.startsWith('Guest') ?? false, 30_000, 'seated as the guest');
    await back.leave(true);
    expect(await countGuests()).toBe(before + 3);
  }, 120_000);
});
