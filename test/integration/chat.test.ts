/**
 * Table chat, moderation and leavers (issue 29) on a real server over real sockets: a phrase read
 * in each reader's language, free text refused at kids' and public tables, a muted author's lines
 * absent from the muting client's raw socket bytes, the spectators' channel never reaching players,
 * report → moderator silence → the next text refused with the reason, and three rated games left
 * → a cooldown on the fourth quick play.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import type { Room } from 'colyseus.js';
import { bootServer, collect, eventually, ready, type TestServer } from '../support/server.js';
import { rawText, recordRawBytes, utf8AsLatin1 } from '../support/rawClient.js';
import type { ChatLine } from '../../shared/chat/catalogue.js';
import { joinErrorMsg } from '../../client/net/joinErrors.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
interface Synced { phase: string; players: Map<string, { seat: number; bot: boolean; name: string }> }
interface Guest { token: string; identity: { id: string; display: string } }
interface Refusal { code: string; key: string; params?: Record<string, string | number> }

const GAME = 'traffic_memory';
const QUICK = { range: '1-12' };
const PASSWORD = 'moderator-secret';
const LOCALES = join(import.meta.dirname, '../../client/i18n/locales');

recordRawBytes();
let server: TestServer;
const i18n = i18next.createInstance();
beforeAll(async () => {
  server = await bootServer({ MONITOR_PASSWORD: PASSWORD, SPECTATORS_MAX: 5 });
  const server_ = (lang: string) => JSON.parse(readFileSync(join(LOCALES, lang, 'server.json'), 'utf8')) as object;
  await i18n.init({ resources: { en: { server: server_('en') }, fr: { server: server_('fr') } }, lng: 'en', interpolation: { escapeValue: false } });
});
afterAll(async () => { await server.stop(); });

async function guest(): Promise<Guest> {
  const res = await fetch(`${server.http}/api/identity`, { method: 'POST' });
  expect(res.status).toBe(201);
  return await res.json() as Guest;
}

async function moderation(method: string, path: string, body?: unknown, password = PASSWORD): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${server.http}/api/moderation${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

/** A private table: the host, then the others by id, each with an identity. */
async function privateTable(count: number, extra: Record<string, unknown> = {}): Promise<{ rooms: Room<Synced>[]; guests: Guest[] }> {
  const guests = await Promise.all(Array.from({ length: count }, () => guest()));
  const host = await ready(await server.client().create<Synced>(GAME, { token: guests[0].token, private: true, players: Math.max(2, count), ...QUICK, ...extra }));
  const rooms = [host];
  for (const g of guests.slice(1)) rooms.push(await ready(await server.client().joinById<Synced>(host.roomId, { token: g.token })));
  await eventually(() => host.state.players.size === count, 30_000, 'everyone seated');
  return { rooms, guests };
}

const seatOf = (room: Room<Synced>) => room.state.players.get(room.sessionId)!.seat;
const leaveAll = async (rooms: Room[]) => { await Promise.all(rooms.map((r) => r.leave().catch(() => undefined))); };

describe('table chat', () => {
  it('a phrase travels as a code: sent by an English reader, read in French by the other', async () => {
    const { rooms: [ana, bo] } = await privateTable(2);
    const heard = collect<ChatLine>(bo, 'chat');
    ana.send('chat', { phrase: 'good_luck' });
    const line = await eventually(() => heard[0], 30_000, 'the phrase reaches Bo');
    expect(line).toMatchObject({ channel: 'table', seat: seatOf(ana), phrase: 'good_luck' });
    expect(line.text).toBeUndefined();
    expect(i18n.t(`server:chat.phrase.${line.phrase}`, { lng: 'en' })).toBe('Good luck!');
    expect(i18n.t(`server:chat.phrase.${line.phrase}`, { lng: 'fr' })).toBe('Bonne chance !');
    const errors = collect<Refusal>(ana, 'error');
    ana.send('chat', { phrase: 'not_a_phrase' });
    ana.send('chat', { phrase: 'hello', text: 'smuggled' });
    await eventually(() => errors.length >= 2, 30_000, 'bad chat refused');
    expect(errors.map((e) => e.code)).toEqual(['bad_message', 'bad_message']);
    await leaveAll([ana, bo]);
  });

  it('free text is refused at a kids\' table and at a public table, even when the host asks for it', async () => {
    const kidsHost = await guest();
    const kids = await ready(await server.client().create<Synced>('rush_hour', { token: kidsHost.token, private: true, variant: 'kids', players: 2 }));
    const configs = collect<{ text: boolean }>(kids, 'chat_config');
    const errors = collect<Refusal>(kids, 'error');
    kids.send('chat_config', { text: true });
    kids.send('chat', { text: 'hello everyone' });
    await eventually(() => errors.length >= 2, 30_000, 'refusals at the kids table');
    expect(errors.map((e) => e.code)).toEqual(['chat_text_not_here', 'chat_text_not_here']);
    expect(configs.every((c) => c.text === false)).toBe(true);
    expect(i18n.t(errors[0].key, { lng: 'fr' })).toMatch(/tables pour enfants/);

    const publicPlayer = await guest();
    const pub = await ready(await server.client().joinOrCreate<Synced>(GAME, { token: publicPlayer.token, players: 4, ...QUICK }));
    const pubErrors = collect<Refusal>(pub, 'error');
    pub.send('chat_config', { text: true });
    pub.send('chat', { text: 'hello everyone' });
    await eventually(() => pubErrors.length >= 2, 30_000, 'refusals at the public table');
    expect(pubErrors.map((e) => e.code)).toEqual(['chat_text_not_here', 'chat_text_not_here']);
    await leaveAll([kids, pub]);
  });

  it('a muted author\'s lines never reach the muting client\'s socket, and the mute is kept for the next table', async () => {
    const { rooms: [ana, bo, cy], guests } = await privateTable(3);
    ana.send('chat_config', { text: true });
    const boMuted = collect<{ seat: number; muted: boolean }>(bo, 'muted');
    bo.send('mute', { seat: seatOf(ana) });
    await eventually(() => boMuted[0], 30_000, 'Bo\'s mute confirmed');
    const cyHeard = collect<ChatLine>(cy, 'chat');
    const boHeard = collect<ChatLine>(bo, 'chat');
    const marker = 'Marmalade zebra crossing';
    ana.send('chat', { text: marker });
    ana.send('chat', { emoji: 'clap' });
    await eventually(() => cyHeard.find((l) => l.text === marker) && cyHeard.find((l) => l.emoji === 'clap'), 30_000, 'Cy hears Ana');
    // Sent once Ana's lines went out to everyone: Bo's socket has had its chance to receive them before this one.
    cy.send('chat', { phrase: 'thanks' });
    await eventually(() => boHeard.length >= 1, 30_000, 'Bo hears Cy');
    expect(boHeard.map((l) => l.seat)).toEqual([seatOf(cy)]);
    expect(rawText(bo)).not.toContain(utf8AsLatin1(marker));
    expect(rawText(bo)).not.toContain('clap');

    // For good: at a new table Bo's identity still does not hear Ana's identity.
    await leaveAll([ana, bo, cy]);
    const again = await ready(await server.client().create<Synced>(GAME, { token: guests[0].token, private: true, players: 2, ...QUICK }));
    const boAgain = await ready(await server.client().joinById<Synced>(again.roomId, { token: guests[1].token }));
    const hostHeard = collect<ChatLine>(again, 'chat');
    const boAgainHeard = collect<ChatLine>(boAgain, 'chat');
    again.send('chat', { phrase: 'rematch' });
    await eventually(() => hostHeard.length >= 1, 30_000, 'Ana\'s line went out');
    boAgain.send('chat', { phrase: 'hello' });
    await eventually(() => boAgainHeard.find((l) => l.phrase === 'hello'), 30_000, 'Bo hears his own line, sent after Ana\'s');
    expect(boAgainHeard.map((l) => l.phrase)).toEqual(['hello']);
    expect(rawText(boAgain)).not.toContain('rematch');
    await leaveAll([again, boAgain]);
  });

  it('spectators read the players\' chat of a public table; their own channel never reaches the players', async () => {
    const [ana, bo] = await Promise.all([guest(), guest()]);
    const a = await ready(await server.client().joinOrCreate<Synced>(GAME, { token: ana.token, players: 2, ...QUICK }));
    const b = await ready(await server.client().joinById<Synced>(a.roomId, { token: bo.token }));
    await eventually(() => a.state.phase === 'playing', 30_000, 'the quick-play game starts');
    const watcher1 = await ready(await server.client().joinById<Synced>(a.roomId, { spectator: true }));
    const watcher2 = await ready(await server.client().joinById<Synced>(a.roomId, { spectator: true }));
    const heard2 = collect<ChatLine>(watcher2, 'chat');
    const aHeard = collect<ChatLine>(a, 'chat');
    const bHeard = collect<ChatLine>(b, 'chat');
    watcher1.send('chat', { emoji: 'thinking' });
    await eventually(() => heard2.length >= 1, 30_000, 'the spectators\' line went out');
    // Sent after the spectators' line went out to every client: the players have had their chance to receive it first.
    a.send('chat', { phrase: 'nice_move' });
    await eventually(() => heard2.length >= 2 && aHeard.length >= 1 && bHeard.length >= 1, 30_000, 'the players\' line delivered');
    expect(heard2.map((l) => l.channel).sort()).toEqual(['spectators', 'table']);
    expect(heard2.find((l) => l.channel === 'spectators')).toMatchObject({ emoji: 'thinking', name: '' });
    expect(heard2.find((l) => l.channel === 'spectators')!.seat).toBeUndefined();
    for (const [room, heard] of [[a, aHeard], [b, bHeard]] as const) {
      expect(heard.every((l) => l.channel === 'table')).toBe(true);
      expect(rawText(room)).not.toContain('thinking');
    }
    const errors = collect<Refusal>(watcher1, 'error');
    watcher1.send('chat', { text: 'psst, play the red car' });
    await eventually(() => errors[0], 30_000, 'spectator text refused');
    expect(errors[0].code).toBe('chat_text_not_here');
    await leaveAll([watcher1, watcher2, a, b]);
  });
});

describe('reports and moderation', () => {
  it('report → a moderator silences the player → their next text is refused with the reason and the end, in their language', async () => {
    const { rooms: [ana, bo], guests: [anaId, boId] } = await privateTable(2);
    ana.send('chat_config', { text: true });
    const boHeard = collect<ChatLine>(bo, 'chat');
    ana.send('chat', { text: 'you play like a snail' });
    await eventually(() => boHeard[0], 30_000, 'Ana\'s line reaches Bo');

    const reported = collect<{ seat: number }>(bo, 'reported');
    const boErrors = collect<Refusal>(bo, 'error');
    bo.send('report', { seat: seatOf(ana), reason: 'rude' });
    await eventually(() => reported[0], 30_000, 'report filed');
    bo.send('report', { seat: seatOf(ana), reason: 'rude' });
    bo.send('report', { seat: seatOf(ana), reason: 'whatever' });
    await eventually(() => boErrors.length >= 2, 30_000, 'second report and a bad reason refused');
    expect(boErrors.map((e) => e.code)).toEqual(['already_reported', 'bad_message']);

    expect((await moderation('GET', '/reports', undefined, 'wrong')).status).toBe(401);
    const reports = await moderation('GET', `/reports?identity=${anaId.identity.id}`);
    expect(reports.status).toBe(200);
    expect(reports.json.reports).toHaveLength(1);
    expect(reports.json.reports[0]).toMatchObject({ reporterId: boId.identity.id, reportedId: anaId.identity.id, gameId: ana.roomId, reason: 'rude' });
    expect(reports.json.reports[0].chat.map((l: ChatLine) => l.text)).toEqual(['you play like a snail']);

    expect((await moderation('POST', '/sanctions', { identityId: anaId.identity.id, kind: 'silence', days: 3, reason: 'free text' })).status).toBe(400);
    const silenced = await moderation('POST', '/sanctions', { identityId: anaId.identity.id, kind: 'silence', days: 3, reason: 'rude' });
    expect(silenced.status).toBe(201);

    const anaErrors = collect<Refusal>(ana, 'error');
    ana.send('chat', { text: 'sorry' });
    await eventually(() => anaErrors[0], 30_000, 'silenced text refused');
    expect(anaErrors[0]).toMatchObject({ code: 'chat_silenced', params: { reason: '$server:sanction.rude', until: silenced.json.sanction.until } });
    const fr = i18n.t(anaErrors[0].key, { lng: 'fr', reason: i18n.t('server:sanction.rude', { lng: 'fr' }), until: anaErrors[0].params!.until });
    expect(fr).toContain('(propos grossiers ou blessants)');
    expect(fr).toContain(`jusqu’au ${new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeStyle: 'short' }).format(silenced.json.sanction.until)}`);
    // Quick phrases still work for a silenced player.
    ana.send('chat', { phrase: 'oops' });
    await eventually(() => boHeard.find((l) => l.phrase === 'oops'), 30_000, 'phrase still delivered');

    const banned = await moderation('POST', '/sanctions', { identityId: anaId.identity.id, kind: 'ban', days: 1, reason: 'rude' });
    expect(banned.status).toBe(201);
    const refused = await server.client().joinOrCreate(GAME, { token: anaId.token, players: 4, ...QUICK }).then(() => null, (e: Error) => e);
    expect(refused?.message).toMatch(/^banned\?/);
    expect(joinErrorMsg(refused!).key).toBe('server:error.banned');
    await leaveAll([ana, bo]);
  });
});

describe('leavers answer for it', () => {
  it('three rated games left in a day → the fourth rated quick play is refused with the cooldown\'s end; the profile shows the completion rate', async () => {
    const leaver = await guest();
    for (let game = 0; game < 3; game++) {
      const other = await guest();
      const a = await ready(await server.client().joinOrCreate<Synced>(GAME, { token: leaver.token, players: 2, ...QUICK }));
      const b = await ready(await server.client().joinById<Synced>(a.roomId, { token: other.token }));
      await eventually(() => a.state.phase === 'playing', 30_000, `rated game ${game + 1} starts`);
      a.send('resign');
      await eventually(() => a.state.players.get(a.sessionId)?.bot === true, 30_000, 'the seat goes to a bot');
      await leaveAll([a, b]);
    }
    const profile = await eventually(async () => {
      const res = await fetch(`${server.http}/api/players/${leaver.identity.id}`);
      const json = await res.json() as Json;
      return json.completion?.left === 3 ? json : undefined;
    }, 30_000, 'three leaves recorded');
    expect(profile.completion.started).toBeGreaterThanOrEqual(3);
    expect(profile.completion.rate).toBe(0);

    const refused = await server.client().joinOrCreate(GAME, { token: leaver.token, players: 2, ...QUICK }).then(() => null, (e: Error) => e);
    expect(refused?.message).toMatch(/^leaver_cooldown\?/);
    const msg = joinErrorMsg(refused!);
    expect(msg.key).toBe('server:error.leaver_cooldown');
    expect(Number(msg.params?.until)).toBeGreaterThan(Date.now());
    // A private unrated table never counts and stays open.
    const privateTableOk = await server.client().create<Synced>(GAME, { token: leaver.token, private: true, players: 2, ...QUICK });
    await leaveAll([privateTableOk]);
  });
});
