/**
 * Web Push for closed pages (issue 25) on a real server process: the test runs an HTTPS endpoint
 * that plays the push service (a self-signed certificate the server trusts through
 * NODE_EXTRA_CA_CERTS; the edge accepts https endpoints only). The subscription API checks what it
 * stores (https, length, base64url keys, a cap per identity); when a turn-based Traffic Tango
 * table (move clock of seconds) gives the turn to a player with no connection, each of their
 * subscriptions gets a standard Web Push request — VAPID Authorization, TTL, an aes128gcm body —
 * and the one whose push service answers 410 is removed. The connected player gets none.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { Client, type Room } from 'colyseus.js';
import { startServerOnFreePort, type ServerProcess } from '../loadtest/serverProcess.js';
import { POSTGRES_URL, inPostgres, requireService } from './support/services.js';
import { eventually, ready } from './support/server.js';
import { browserKeys as browserKeyPair, startPushService, type PushService } from './support/webPush.js';

const up = await requireService('postgres');
const RUN = `${process.pid}_${randomBytes(4).toString('hex')}`;
const SCHEMA = `junction_push_${RUN}`;
const CLOCK_MS = 3_000;

interface Guest { token: string; identity: { id: string } }
interface Synced { phase: string; active: number[]; players: Map<string, { seat: number; bot: boolean }> }

let pushService: PushService | null = null;
let pushBase = '';
const pushed = () => pushService!.pushed;
let server: ServerProcess | null = null;
const vapid = webpush.generateVAPIDKeys();
const http = () => `http://127.0.0.1:${server!.port}`;

/** A browser's keys as PushSubscription.toJSON() gives them (a real P-256 point: the server encrypts to it). */
const browserKeys = () => browserKeyPair().json;

async function call(method: string, path: string, token: string | null, body?: unknown): Promise<Response> {
  return fetch(`${http()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function guest(): Promise<Guest> {
  return (await (await fetch(`${http()}/api/identity`, { method: 'POST' })).json()) as Guest;
}

const stored = async (identityId: string) => (await inPostgres<{ endpoint: string; lang: string }>(
  `SELECT endpoint, lang FROM "${SCHEMA}".push_subscriptions WHERE identity_id = $1 ORDER BY endpoint`, [identityId]));

describe.skipIf(!up)('Web Push to a player with no connection', () => {
  beforeAll(async () => {
    pushService = await startPushService();
    pushBase = pushService.base;
    await inPostgres(`CREATE SCHEMA "${SCHEMA}"`);
    server = await startServerOnFreePort({
      DATABASE_URL: `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${SCHEMA}`)}`,
      VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:push-test@junction.invalid',
      NODE_EXTRA_CA_CERTS: pushService.certificate, TEST_TURN_CLOCK_MS: String(CLOCK_MS), TURN_SLEEP_AFTER_MS: '600000',
      RECONNECT_SECONDS: '1', PUSH_SUBSCRIPTIONS_MAX: '3',
    }, 3, 'test/support/turnClockServer.ts');
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await pushService?.close();
    if (up) await inPostgres(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  }, 120_000);

  it('gives its VAPID key and checks subscriptions at the edge, keeping the newest few per identity', async () => {
    expect(await (await call('GET', '/api/push/key', null)).json()).toEqual({ key: vapid.publicKey });
    const me = await guest();
    const sub = (endpoint: string, extra: Record<string, unknown> = {}) => ({ endpoint, keys: browserKeys(), lang: 'en', ...extra });
    expect((await call('POST', '/api/push/subscription', null, sub(`${pushBase}/ok/x`))).status).toBe(401);
    for (const bad of [
      sub('http://push.example/x'), sub(`${pushBase}/${'a'.repeat(1100)}`), sub('not a url'),
      sub(`${pushBase}/ok/x`, { keys: { p256dh: 'not base64url!'.repeat(7), auth: 'aaaaaaaaaaaaaaaaaaaaaa' } }),
      sub(`${pushBase}/ok/x`, { keys: { p256dh: browserKeys().p256dh } }), sub(`${pushBase}/ok/x`, { lang: 'de' }),
    ]) {
      const res = await call('POST', '/api/push/subscription', me.token, bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('bad_subscription');
    }
    for (let i = 0; i < 5; i++) expect((await call('POST', '/api/push/subscription', me.token, sub(`${pushBase}/ok/cap-${i}`))).status).toBe(201);
    expect((await stored(me.identity.id)).map((s) => s.endpoint)).toEqual([2, 3, 4].map((i) => `${pushBase}/ok/cap-${i}`));
    // Someone else cannot remove it; its owner can.
    const other = await guest();
    expect((await call('DELETE', '/api/push/subscription', other.token, { endpoint: `${pushBase}/ok/cap-4` })).status).toBe(204);
    expect(await stored(me.identity.id)).toHaveLength(3);
    expect((await call('DELETE', '/api/push/subscription', me.token, { endpoint: `${pushBase}/ok/cap-4` })).status).toBe(204);
    expect(await stored(me.identity.id)).toHaveLength(2);
  }, 60_000);

  it('pushes "your turn" to a player with no connection and removes the subscription whose service answers 410', async () => {
    const [ana, ben] = await Promise.all([guest(), guest()]);
    for (const [who, path, lang] of [[ana, '/ok/ana', 'en'], [ben, '/ok/ben', 'fr'], [ben, '/gone/ben', 'fr']] as const) {
      expect((await call('POST', '/api/push/subscription', who.token, { endpoint: `${pushBase}${path}`, keys: browserKeys(), lang })).status).toBe(201);
    }
    const client = new Client(`ws://127.0.0.1:${server!.port}`);
    const host = await ready(await client.create<Synced>('traffic_tango', { private: true, pace: 'turn', moveClock: '1h', token: ana.token }));
    const benRoom: Room<Synced> = await ready(await client.joinById<Synced>(host.roomId, { token: ben.token }));
    await eventually(() => host.state.players.size === 2, 30_000, 'two seated');
    host.send('start', {});
    await eventually(() => host.state.phase === 'playing', 30_000, 'playing');
    // Both connected when the game starts: nobody is pushed. Ben closes his page.
    await benRoom.leave(false);

    const toBen = await eventually(() => pushed().find((p) => p.path === '/ok/ben'), 60_000, 'a push for Ben');
    expect(String(toBen.headers.authorization)).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
    expect(toBen.headers.ttl).toBe(String(12 * 3600));
    expect(toBen.headers['content-encoding']).toBe('aes128gcm');
    expect(toBen.headers.urgency).toBe('high');
    // Encrypted: a record of at least the 86-byte header plus a tag, and none of the words in clear.
    expect(toBen.bytes.length).toBeGreaterThan(86 + 16);
    expect(toBen.bytes.toString('latin1')).not.toMatch(/Traffic|tour|your_turn/);
    await eventually(() => pushed().some((p) => p.path === '/gone/ben'), 30_000, 'the gone endpoint tried');
    await eventually(async () => (await stored(ben.identity.id)).length === 1, 30_000, 'the 410 subscription removed');
    expect((await stored(ben.identity.id))[0]).toEqual({ endpoint: `${pushBase}/ok/ben`, lang: 'fr' });
    // The next turn goes to the one that is left only.
    const count = pushed().filter((p) => p.path === '/ok/ben').length;
    await eventually(() => pushed().filter((p) => p.path === '/ok/ben').length > count, 60_000, 'a second push for Ben');
    expect(pushed().filter((p) => p.path === '/gone/ben')).toHaveLength(1);
    // Ana stayed connected the whole time.
    expect(pushed().filter((p) => p.path === '/ok/ana')).toHaveLength(0);
    await host.leave(true);
  }, 180_000);
});
