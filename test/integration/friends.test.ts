/**
 * Friends (issue 29) on a real server over real sockets: follow by name#tag → the friend is seen
 * online at their table → the follower joins it; a block hides the blocker online and refuses the
 * blocked player's invitation; an invitation to a private table is read in the lobby and taken;
 * quick play does not seat two players together when one blocks the other; the caps per identity
 * with their translated refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import type { Room } from 'colyseus.js';
import { bootServer, eventually, ready, type TestServer } from '../support/server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
interface Synced { phase: string; players: Map<string, { seat: number; name: string }> }
interface Guest { token: string; identity: { id: string; display: string } }

const GAME = 'traffic_memory';
const LOCALES = join(import.meta.dirname, '../../client/i18n/locales');

let server: TestServer;
const i18n = i18next.createInstance();
const rooms: Room[] = [];
beforeAll(async () => {
  server = await bootServer({ FOLLOWS_MAX: 2, BLOCKS_MAX: 2, INVITES_PENDING_MAX: 1 });
  const server_ = (lang: string) => JSON.parse(readFileSync(join(LOCALES, lang, 'server.json'), 'utf8')) as object;
  await i18n.init({ resources: { en: { server: server_('en') }, fr: { server: server_('fr') } }, lng: 'en', interpolation: { escapeValue: false } });
});
afterAll(async () => {
  await Promise.all(rooms.filter((r) => r.connection.isOpen).map((r) => r.leave().catch(() => undefined)));
  await server.stop();
});

async function guest(): Promise<Guest> {
  const res = await fetch(`${server.http}/api/identity`, { method: 'POST' });
  expect(res.status).toBe(201);
  return await res.json() as Guest;
}

async function api(who: Guest, method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${server.http}/api/friends${path}`, {
    method,
    headers: { authorization: `Bearer ${who.token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: res.status === 204 ? null : await res.json() };
}

const friendOf = async (who: Guest, id: string): Promise<Json> => (await api(who, 'GET', '')).json.follows.find((f: Json) => f.identity.id === id);
const keep = <R extends Room>(room: R): R => { rooms.push(room); return room; };
const inLobby = async (who: Guest): Promise<Room> => keep(await server.client().joinOrCreate('lobby', { token: who.token }));

describe('friends', () => {
  it('follow by name#tag → the friend shows online at their public table → the follower joins it', async () => {
    const [ana, bo] = await Promise.all([guest(), guest()]);
    const followed = await api(ana, 'POST', '/follows', { name: bo.identity.display });
    expect(followed.status).toBe(201);
    expect(followed.json.identity.id).toBe(bo.identity.id);
    expect(await friendOf(ana, bo.identity.id)).toMatchObject({ online: false, table: null, recent: [] });

    const table = keep(await ready(await server.client().joinOrCreate<Synced>(GAME, { token: bo.token, players: 3 })));
    const seen = await eventually(async () => {
      const f = await friendOf(ana, bo.identity.id);
      return f.online && f.table ? f : undefined;
    }, 30_000, 'Bo online at a table');
    expect(seen.table).toMatchObject({ roomId: table.roomId, game: GAME, phase: 'waiting', private: false, action: 'join' });

    const joined = keep(await ready(await server.client().joinById<Synced>(seen.table.roomId, { token: ana.token })));
    await eventually(() => table.state.players.size === 2, 30_000, 'Ana sits at Bo\'s table');
    expect(joined.roomId).toBe(table.roomId);

    await table.leave();
    await eventually(async () => !(await friendOf(ana, bo.identity.id)).online, 30_000, 'Bo offline once gone');
    const back = await api(ana, 'DELETE', `/follows/${bo.identity.id}`);
    expect(back.status).toBe(204);
    expect(await friendOf(ana, bo.identity.id)).toBeUndefined();
  });

  it('an invitation to a private table reaches the invitee\'s lobby and seats them; a private table\'s id is never shown', async () => {
    const [host, friend] = await Promise.all([guest(), guest()]);
    expect((await api(host, 'POST', '/follows', { id: friend.identity.id })).status).toBe(201);
    const table = keep(await ready(await server.client().create<Synced>(GAME, { token: host.token, private: true, players: 2 })));
    const invited = await api(host, 'POST', '/invites', { to: friend.identity.id, roomId: table.roomId });
    expect(invited.status).toBe(201);

    await inLobby(host);
    const friendView = await api(friend, 'POST', '/follows', { id: host.identity.id });
    expect(friendView.status).toBe(201);
    const hostSeen = await eventually(async () => {
      const f = await friendOf(friend, host.identity.id);
      return f.table ? f : undefined;
    }, 30_000, 'the host at a table');
    expect(hostSeen.table).toMatchObject({ roomId: null, private: true, action: null });

    const { json } = await api(friend, 'GET', '/invites');
    expect(json.invites).toHaveLength(1);
    expect(json.invites[0]).toMatchObject({ roomId: table.roomId, game: GAME, from: { id: host.identity.id, display: host.identity.display } });
    keep(await ready(await server.client().joinById<Synced>(json.invites[0].roomId, { token: friend.token })));
    await eventually(() => table.state.players.size === 2, 30_000, 'the friend sat down');
    expect((await api(friend, 'DELETE', `/invites/${json.invites[0].id}`)).status).toBe(204);
    expect((await api(friend, 'GET', '/invites')).json.invites).toEqual([]);

    // Only to a table you sit at, with a free seat, for someone you follow.
    const stranger = await guest();
    expect((await api(stranger, 'POST', '/follows', { id: host.identity.id })).status).toBe(201);
    expect((await api(stranger, 'POST', '/invites', { to: host.identity.id, roomId: table.roomId })).json.code).toBe('invite_not_your_table');
    expect((await api(host, 'POST', '/invites', { to: stranger.identity.id, roomId: table.roomId })).json.code).toBe('invite_not_followed');
  });

  it('a block hides the blocker online from the blocked player and refuses their invitation', async () => {
    const [di, cy, eve] = await Promise.all([guest(), guest(), guest()]);
    expect((await api(cy, 'POST', '/follows', { id: di.identity.id })).status).toBe(201);
    expect((await api(eve, 'POST', '/follows', { id: di.identity.id })).status).toBe(201);
    expect((await api(di, 'POST', '/blocks', { name: cy.identity.display })).status).toBe(201);
    // The block ended Cy's follow; following again is allowed but shows nothing.
    expect(await friendOf(cy, di.identity.id)).toBeUndefined();
    expect((await api(cy, 'POST', '/follows', { id: di.identity.id })).status).toBe(201);
    expect((await api(di, 'GET', '')).json.blocks.map((b: Json) => b.identity.id)).toEqual([cy.identity.id]);

    await inLobby(di);
    await eventually(async () => (await friendOf(eve, di.identity.id)).online, 30_000, 'Eve sees Di online');
    expect(await friendOf(cy, di.identity.id)).toMatchObject({ online: false, table: null });

    const table = keep(await ready(await server.client().create<Synced>(GAME, { token: cy.token, private: true, players: 2 })));
    const refused = await api(cy, 'POST', '/invites', { to: di.identity.id, roomId: table.roomId });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('invite_refused');
    expect((await api(di, 'GET', '/invites')).json.invites).toEqual([]);
  });

  it('quick play does not seat a player at the table of someone they block; a player without blocks still joins a waiting table', async () => {
    const [fay, gus, hal] = await Promise.all([guest(), guest(), guest()]);
    const options = { players: 4, range: '1-12' };
    const first = keep(await ready(await server.client().joinOrCreate<Synced>(GAME, { token: gus.token, ...options })));
    expect((await api(fay, 'POST', '/blocks', { id: gus.identity.id })).status).toBe(201);
    const elsewhere = keep(await ready(await server.client().joinOrCreate<Synced>(GAME, { token: fay.token, ...options })));
    expect(elsewhere.roomId).not.toBe(first.roomId);
    // Hal blocks nobody: joins one of the waiting tables, not a third.
    const third = keep(await ready(await server.client().joinOrCreate<Synced>(GAME, { token: hal.token, ...options })));
    expect([first.roomId, elsewhere.roomId]).toContain(third.roomId);
    await elsewhere.leave();
    expect((await api(fay, 'DELETE', `/blocks/${gus.identity.id}`)).status).toBe(204);
  });

  it('caps per identity and validation, with a refusal in English and French', async () => {
    const [me, a, b, c] = await Promise.all([guest(), guest(), guest(), guest()]);
    expect((await api(me, 'POST', '/follows', { id: a.identity.id })).status).toBe(201);
    expect((await api(me, 'POST', '/follows', { id: b.identity.id })).status).toBe(201);
    const full = await api(me, 'POST', '/follows', { id: c.identity.id });
    expect(full.status).toBe(409);
    expect(full.json).toMatchObject({ code: 'too_many_follows', params: { max: 2 } });
    expect(i18n.t(`server:error.${full.json.code}`, { ...full.json.params, lng: 'en' })).toContain('2');
    expect(i18n.t(`server:error.${full.json.code}`, { ...full.json.params, lng: 'fr' })).toMatch(/2 joueurs/);

    expect((await api(me, 'POST', '/blocks', { id: a.identity.id })).status).toBe(201);
    expect((await api(me, 'POST', '/blocks', { id: b.identity.id })).status).toBe(201);
    expect((await api(me, 'POST', '/blocks', { id: c.identity.id })).json.code).toBe('too_many_blocks');

    // One pending invitation per inviter here (INVITES_PENDING_MAX 1); the cap frees when it is withdrawn.
    await api(me, 'DELETE', `/blocks/${a.identity.id}`);
    await api(me, 'DELETE', `/blocks/${b.identity.id}`);
    await api(me, 'POST', '/follows', { id: a.identity.id });
    await api(me, 'POST', '/follows', { id: b.identity.id });
    const table = keep(await ready(await server.client().create<Synced>(GAME, { token: me.token, private: true, players: 4 })));
    const one = await api(me, 'POST', '/invites', { to: a.identity.id, roomId: table.roomId });
    expect(one.status).toBe(201);
    const two = await api(me, 'POST', '/invites', { to: b.identity.id, roomId: table.roomId });
    expect(two.json).toMatchObject({ code: 'too_many_invites', params: { max: 1 } });
    expect((await api(me, 'DELETE', `/invites/${one.json.invite.id}`)).status).toBe(204);
    expect((await api(me, 'POST', '/invites', { to: b.identity.id, roomId: table.roomId })).status).toBe(201);

    for (const [body, code, status] of [
      [{ name: 'nobody' }, 'bad_friend', 400], [{ name: 'Nobody#0000x' }, 'bad_friend', 400], [{ id: 'x', extra: 1 }, 'bad_friend', 400],
      [{ name: 'Nobody Here#9999' }, 'no_such_player', 404], [{ id: me.identity.id }, 'friend_self', 400],
    ] as const) {
      const res = await api(me, 'POST', '/follows', body);
      expect([res.status, res.json.code]).toEqual([status, code]);
      for (const lng of ['en', 'fr']) expect(i18n.exists(`server:error.${code}`, { lng })).toBe(true);
    }
    const anonymous = await fetch(`${server.http}/api/friends`);
    expect(anonymous.status).toBe(401);
    for (const code of ['invite_refused', 'invite_not_followed', 'invite_not_your_table', 'invite_table_full', 'too_many_blocks', 'too_many_invites', 'invitee_busy', 'bad_invite', 'no_such_invite']) {
      for (const lng of ['en', 'fr']) expect(i18n.exists(`server:error.${code}`, { lng }), `${code} in ${lng}`).toBe(true);
    }
  });
});
