/**
 * Every refusal, notice and event the server itself sends has a message in English and in French
 * (client/i18n/locales/<lang>/server.json): read statically from every code written in server/,
 * and dynamically from what a real server answers over real sockets and HTTP when provoked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Room } from 'colyseus.js';
import { ErrorCodes } from '../../shared/protocol/messages.js';
import { bootServer, collect, eventually, ready, type TestServer } from '../support/server.js';
import { joinErrorMsg } from '../../client/net/joinErrors.js';

const ROOT = join(import.meta.dirname, '../..');
const LANGS = ['en', 'fr'] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatKeys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (v && typeof v === 'object' ? flatKeys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

const catalogue = new Map(LANGS.map((lang) => {
  const tree = JSON.parse(readFileSync(join(ROOT, 'client/i18n/locales', lang, 'server.json'), 'utf8')) as Record<string, unknown>;
  return [lang, new Set(flatKeys(tree).map((k) => k.replace(PLURAL, '')))] as const;
}));

/** The languages in which `server:<path>` has no message. */
function missing(key: string): string[] {
  const path = key.replace(/^server:/, '');
  return LANGS.filter((lang) => !catalogue.get(lang)!.has(path));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('storeContract.ts') ? [path] : [];
  });
}

const errorCodeValues = ErrorCodes as Record<string, string>;

/** Every server key a source file can send, with where it was written. */
function keysIn(file: string): { key: string; at: string }[] {
  const text = readFileSync(file, 'utf8');
  const found: { key: string; at: string }[] = [];
  const add = (key: string, index: number) => found.push({ key, at: `${relative(ROOT, file)}:${text.slice(0, index).split('\n').length}` });
  const patterns: [RegExp, (m: RegExpExecArray) => string][] = [
    [/\bcode: '([a-z][a-z0-9_]*)'/g, (m) => `server:error.${m[1]}`],
    [/\b(?:joinRefusal|roomRefusal|serverRefusal)\('([a-z][a-z0-9_]*)'/g, (m) => `server:error.${m[1]}`],
    [/\.refuse\([\w.]+, '([a-z][a-z0-9_]*)'/g, (m) => `server:error.${m[1]}`],
    [/\brefuse\(res, \d+, '([a-z][a-z0-9_]*)'/g, (m) => `server:error.${m[1]}`],
    [/\['([a-z][a-z0-9_]*)', '[A-Z]/g, (m) => `server:error.${m[1]}`],
    [/\bErrorCodes\.(\w+)/g, (m) => `server:error.${errorCodeValues[m[1]] ?? `<unknown ErrorCodes.${m[1]}>`}`],
    // new TournamentError(kind, English message, reason?): the reason is shown, else the kind.
    [/new TournamentError\(([^\n]*)/g, (m) => {
      const codes = [...m[1].matchAll(/'([a-z][a-z0-9_]*)'/g)].map((c) => c[1]);
      return `server:error.${codes[1] ?? codes[0]}`;
    }],
    [/\bnotice\('([a-z][a-z0-9_]*)'/g, (m) => `server:notice.${m[1]}`],
    [/'(server:(?:error|event|notice)\.[a-z][a-z0-9_]*)'/g, (m) => m[1]],
  ];
  for (const [pattern, keyOf] of patterns) {
    for (const m of text.matchAll(pattern)) {
      const key = keyOf(m as RegExpExecArray);
      if (key) add(key, m.index ?? 0);
    }
  }
  return found;
}

describe('every server code has a message in English and French', () => {
  it('codes written in server/ (static scan)', () => {
    const all = sourceFiles(join(ROOT, 'server')).flatMap(keysIn);
    expect(all.length).toBeGreaterThan(60);
    const problems = all.filter(({ key }) => missing(key).length > 0).map(({ key, at }) => `${key} (${at}) missing in ${missing(key).join(', ')}`);
    expect(problems).toEqual([]);
  });

  it('every shared room error code (ErrorCodes) has its message', () => {
    expect(Object.values(ErrorCodes).flatMap((code) => missing(`server:error.${code}`).map((l) => `${code}: ${l}`))).toEqual([]);
  });

  it('the client\'s own join-failure keys have messages', () => {
    const text = readFileSync(join(ROOT, 'client/net/joinErrors.ts'), 'utf8');
    const keys = [...text.matchAll(/: '([a-z_]+)',/g)].map((m) => `server:error.${m[1]}`).concat('server:error.join_failed', 'server:error.server_error');
    expect(keys.length).toBeGreaterThan(4);
    expect(keys.filter((k) => missing(k).length > 0)).toEqual([]);
  });
});

describe('codes a real server sends when provoked (real sockets and HTTP)', () => {
  let server: TestServer;
  const seen: { key: string; where: string }[] = [];

  beforeAll(async () => {
    server = await bootServer({ SPECTATORS_MAX: 1, MESSAGE_BURST: 20, MESSAGES_PER_SECOND: 5, FLOOD_CUTOFF_DROPS: 1_000 });
  });
  afterAll(async () => {
    await server.stop();
  });

  const refused = async (join: Promise<unknown>, where: string): Promise<void> => {
    const error = await join.then(() => null, (e: unknown) => e as Error);
    expect(error, where).not.toBeNull();
    // The client's reading: the code, with its parameters after a `?` (joinRefusal).
    seen.push({ key: joinErrorMsg(error).key, where });
  };

  it('room refusals, join refusals and HTTP errors all name a code with a message', async () => {
    const a = await ready(await server.client().create('railway_madness', { name: 'Ana', private: true, variant: 'classic', players: 2 }));
    const b = await ready(await server.client().joinById(a.roomId, { name: 'Bo' }));
    const watcher: Room = await ready(await server.client().joinById(a.roomId, { spectator: true }));
    const aErrors = collect<{ code: string; key: string }>(a, 'error');
    const bErrors = collect<{ code: string; key: string }>(b, 'error');
    a.send('action', { nonsense: true });
    a.send('action', { id: 1, a: { type: 'take', slot: 0 } });
    a.send('configure', { options: { players: 99 } });
    a.send('remove_bot', { seat: 1 });
    a.send('add_bot', { level: 'easy' });
    b.send('start', {});
    await eventually(() => aErrors.length >= 5 && bErrors.length >= 1, 30_000, 'the room\'s refusals');
    // The edge answers a client at most once a second.
    a.send('no_such_type', {});
    await eventually(() => aErrors.length >= 6, 30_000, 'unknown type');
    await new Promise((r) => setTimeout(r, 1100));
    a.send('ping', { c: 'x'.repeat(3000) });
    await eventually(() => aErrors.length >= 7, 30_000, 'too large');

    await refused(server.client().joinById(a.roomId, { name: 'Cy' }), 'a third player at a full table');
    await refused(server.client().joinById(a.roomId, { spectator: true }), 'a spectator over the cap');
    await refused(server.client().joinById(a.roomId, { name: 'Bot 9' }), 'a name like a bot\'s');
    await refused(server.client().create('railway_madness', { variant: 'nope' }), 'unknown variant');
    await refused(server.client().create('railway_madness', { variant: 'longest_train', players: 4 }), 'wrong seat count');
    await refused(server.client().create('railway_madness', { tournament: {}, internalKey: 'guess' }), 'a forged tournament table');

    a.send('start', {});
    await eventually(() => a.state.phase === 'playing', 30_000, 'start');
    a.send('add_bot', {});
    const watcherErrors = collect<{ code: string; key: string }>(watcher, 'error');
    watcher.send('action', { id: 3, a: { type: 'take', slot: 0 } });
    await eventually(() => watcherErrors.length >= 1 && aErrors.length >= 8, 30_000, 'refusals while playing');
    for (let i = 0; i < 60; i++) b.send('ping', { c: i });
    await eventually(() => bErrors.some((e) => e.code === 'rate_limited'), 30_000, 'rate limited');

    for (const [where, list] of [['seat A', aErrors], ['seat B', bErrors], ['spectator', watcherErrors]] as const) {
      for (const e of list) {
        expect(e.key, where).toBe(`server:error.${e.code}`);
        seen.push({ key: e.key, where });
      }
    }

    const http: [string, RequestInit | undefined][] = [
      ['/api/rooms/code/ABCDEFGH', undefined],
      ['/api/players/u_nobody', undefined],
      ['/api/leaderboards/chess', undefined],
      ['/api/leaderboards/railway_madness?variant=nope', undefined],
      ['/api/games/nope', undefined],
      ['/api/results?limit=0', undefined],
      ['/api/identity/me', { headers: { authorization: 'Bearer nobody' } }],
      ['/api/identity/claim', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"code":"x"}' }],
      ['/api/identity/claim', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' }],
      ['/api/tournaments/nope', undefined],
      ['/api/tournaments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"game":"chess"}' }],
    ];
    for (const [path, init] of http) {
      const res = await fetch(`${server.http}${path}`, init);
      expect(res.ok, path).toBe(false);
      const body = await res.json() as { error?: unknown; code?: unknown };
      expect(typeof body.error, `${path}: English error for API users`).toBe('string');
      expect(typeof body.code, `${path}: a code for the client`).toBe('string');
      seen.push({ key: `server:error.${String(body.code)}`, where: `HTTP ${path}` });
    }
    await Promise.all([a, b, watcher].map((r) => r.leave(true).catch(() => undefined)));

    const keys = new Set(seen.map((s) => s.key));
    expect([...keys].some((k) => k === 'server:error.option_too_big' || k === 'server:error.bad_seat_count')).toBe(true);
    for (const key of ['server:error.bad_message', 'server:error.unknown_message', 'server:error.wrong_phase',
      'server:error.no_bot_there', 'server:error.too_large', 'server:error.not_host', 'server:error.table_full', 'server:error.spectators_full',
      'server:error.name_bot', 'server:error.option_choice', 'server:error.bad_seat_count', 'server:error.tournament_server_only',
      'server:error.not_seated', 'server:error.game_started', 'server:error.rate_limited', 'server:error.no_such_code', 'server:error.bad_json']) {
      expect(keys, key).toContain(key);
    }
    const problems = seen.filter((s) => missing(s.key).length > 0).map((s) => `${s.key} (${s.where}) missing in ${missing(s.key).join(', ')}`);
    expect(problems).toEqual([]);
  }, 60_000);
});
