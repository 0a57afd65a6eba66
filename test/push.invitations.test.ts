/**
 * Invitations by Web Push (issue 29) on a real server process, against a local HTTPS endpoint that
 * plays the push service (test/support/webPush.ts) and decrypts what it gets as a browser would:
 * an invitation to a private table goes to each of the invitee's subscriptions that want
 * invitations, in that subscription's language, naming the inviter and the game and opening the
 * invitation; a subscription for "your turn" only (or one saved without kinds, as pages before
 * invitations did) gets nothing; one whose push service answers 410 is removed; an invitee with a
 * lobby open is not pushed (the lobby shows the invitation); a subscription that turns invitations
 * off is not pushed again.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { Client, type Room } from 'colyseus.js';
import { startServerOnFreePort, type ServerProcess } from '../loadtest/serverProcess.js';
import { POSTGRES_URL, inPostgres, requireService } from './support/services.js';
import { eventually, ready } from './support/server.js';
import { browserKeys, decryptPush, startPushService, type BrowserKeys, type PushService } from './support/webPush.js';

const up = await requireService('postgres');
const RUN = `${process.pid}_${randomBytes(4).toString('hex')}`;
const SCHEMA = `junction_push_inv_${RUN}`;

interface Guest { token: string; identity: { id: string; display: string } }

let service: PushService;
let server: ServerProcess | null = null;
const rooms: Room[] = [];
const vapid = webpush.generateVAPIDKeys();
const http = () => `http://127.0.0.1:${server!.port}`;
/** Each endpoint path's keys: what a browser would decrypt with. */
const keysOf = new Map<string, BrowserKeys>();

async function call(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; json: { [key: string]: unknown } | null }> {
  const res = await fetch(`${http()}${path}`, {
    method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: res.status === 204 ? null : await res.json() as { [key: string]: unknown } };
}

async function guest(): Promise<Guest> {
  return (await (await fetch(`${http()}/api/identity`, { method: 'POST' })).json()) as Guest;
}

/** Subscribes a "browser" of `who` at `path`; `kinds` undefined: sent without, as pages before invitations did. */
async function subscribe(who: Guest, path: string, lang: 'en' | 'fr', kinds?: string[]): Promise<void> {
  const keys = keysOf.get(path) ?? browserKeys();
  keysOf.set(path, keys);
  const res = await call('POST', '/api/push/subscription', who.token, { endpoint: `${service.base}${path}`, keys: keys.json, lang, ...(kinds ? { kinds } : {}) });
  expect(res.status).toBe(201);
}

const to = (path: string) => service.pushed.filter((p) => p.path === path);
const read = (path: string, n: number) => JSON.parse(decryptPush(to(path)[n].bytes, keysOf.get(path)!)) as Record<string, string>;
const stored = async (identityId: string) => (await inPostgres<{ endpoint: string; kinds: string }>(
  `SELECT endpoint, kinds FROM "${SCHEMA}".push_subscriptions WHERE identity_id = $1 ORDER BY endpoint`, [identityId])).map((r) => [r.endpoint.slice(service.base.length), r.kinds]);

describe.skipIf(!up)('invitations by Web Push', () => {
  beforeAll(async () => {
    service = await startPushService();
    await inPostgres(`CREATE SCHEMA "${SCHEMA}"`);
    server = await startServerOnFreePort({
      DATABASE_URL: `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${SCHEMA}`)}`,
      VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:push-test@junction.invalid',
      NODE_EXTRA_CA_CERTS: service.certificate, QUICKPLAY_FILL_MS: '600000',
    });
  }, 240_000);

  afterAll(async () => {
    await Promise.all(rooms.filter((r) => r.connection.isOpen).map((r) => r.leave().catch(() => undefined)));
    await server?.stop();
    await service?.close();
    if (up) await inPostgres(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  }, 120_000);

  it('pushes an invitation in each subscription\'s language to those that want it, not to an open lobby, not once turned off', async () => {
    const [ana, bo, cy] = [await guest(), await guest(), await guest()];
    for (const friend of [bo, cy]) expect((await call('POST', '/api/friends/follows', ana.token, { id: friend.identity.id })).status).toBe(201);
    await subscribe(bo, '/ok/bo-invitations', 'fr', ['invitation']);
    await subscribe(bo, '/ok/bo-turns', 'fr', ['your_turn']);
    await subscribe(bo, '/gone/bo', 'fr', ['invitation']);
    await subscribe(cy, '/ok/cy-both', 'en', ['your_turn', 'invitation']);
    await subscribe(cy, '/ok/cy-old', 'en');
    expect(await stored(cy.identity.id)).toEqual([['/ok/cy-both', 'your_turn invitation'], ['/ok/cy-old', 'your_turn']]);

    const table = await ready(await new Client(`ws://127.0.0.1:${server!.port}`).create('traffic_memory', { private: true, players: 4, token: ana.token }));
    rooms.push(table);
    const invite = async (who: Guest) => {
      const res = await call('POST', '/api/friends/invites', ana.token, { to: who.identity.id, roomId: table.roomId });
      expect(res.status).toBe(201);
      return (res.json!.invite as { id: string }).id;
    };

    // Bo, no page open: the invitation in French, opening the invitation; the 410 one goes.
    const toBo = await invite(bo);
    await eventually(() => to('/ok/bo-invitations').length === 1, 60_000, 'Bo pushed');
    const push = to('/ok/bo-invitations')[0];
    expect(String(push.headers.authorization)).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.topic).toBe(`i${table.roomId}`.slice(0, 32));
    expect(push.bytes.toString('latin1')).not.toMatch(/invite|Traffic/);
    expect(read('/ok/bo-invitations', 0)).toEqual({
      kind: 'invitation', title: `${ana.identity.display} vous invite à une table de Traffic Memory`,
      body: 'Ouvrez l’invitation pour vous asseoir à la table.', tag: `invite-${table.roomId}`, url: `/#/invite/${toBo}`,
    });
    await eventually(async () => (await stored(bo.identity.id)).length === 2, 30_000, 'the 410 subscription removed');
    expect(await stored(bo.identity.id)).toEqual([['/ok/bo-invitations', 'invitation'], ['/ok/bo-turns', 'your_turn']]);

    // Cy: English, to the subscription that wants invitations only.
    const toCy = await invite(cy);
    await eventually(() => to('/ok/cy-both').length === 1, 60_000, 'Cy pushed');
    expect(read('/ok/cy-both', 0)).toMatchObject({ kind: 'invitation', title: `${ana.identity.display} invites you to a Traffic Memory table`, url: `/#/invite/${toCy}` });

    // Bo opens a lobby: inviting him again pushes nothing (the lobby shows it); Cy's renewal is pushed.
    const lobby = await new Client(`ws://127.0.0.1:${server!.port}`).joinOrCreate('lobby', { token: bo.token });
    rooms.push(lobby);
    await eventually(async () => {
      const follows = (await call('GET', '/api/friends', ana.token)).json!.follows as { identity: { id: string }; online: boolean }[];
      return follows.find((f) => f.identity.id === bo.identity.id)?.online;
    }, 30_000, 'Bo online in the lobby');
    await invite(bo);
    await invite(cy);
    await eventually(() => to('/ok/cy-both').length === 2, 60_000, 'Cy pushed again');

    // Bo's browser turns invitations off and closes the lobby: the next invitation is not pushed there.
    await subscribe(bo, '/ok/bo-invitations', 'fr', ['your_turn']);
    await lobby.leave();
    await eventually(async () => {
      const follows = (await call('GET', '/api/friends', ana.token)).json!.follows as { identity: { id: string }; online: boolean }[];
      return follows.find((f) => f.identity.id === bo.identity.id)?.online === false;
    }, 30_000, 'Bo offline');
    await invite(bo);
    await invite(cy);
    await eventually(() => to('/ok/cy-both').length === 3, 60_000, 'Cy pushed a third time');

    expect(to('/ok/bo-invitations')).toHaveLength(1);
    expect(to('/gone/bo')).toHaveLength(1);
    for (const path of ['/ok/bo-turns', '/ok/cy-old']) expect(to(path), path).toHaveLength(0);
  }, 240_000);
});
