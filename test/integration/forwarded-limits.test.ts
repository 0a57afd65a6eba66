/**
 * Per-address limits cannot be dodged by naming another address: X-Forwarded-For counts only when
 * it was written by a proxy named in TRUST_PROXY, every URL Colyseus serves as matchmaking is
 * limited, tournament creation and registration are limited, and /monitor stops guessers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootServer, type TestServer } from '../support/server.js';

const create = (server: TestServer, path: string, forwardedFor?: string) => fetch(`${server.http}${path}`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) },
  body: JSON.stringify({ private: true, players: 2 }),
});

describe('without TRUST_PROXY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await bootServer({
      JOIN_BURST: 3, JOIN_PER_SECOND: 0.1, CODE_LOOKUP_BURST: 3, CODE_LOOKUP_PER_SECOND: 0.1,
      TOURNAMENT_CREATE_BURST: 2, TOURNAMENT_CREATE_PER_SECOND: 0.001, TOURNAMENT_REGISTER_BURST: 3, TOURNAMENT_REGISTER_PER_SECOND: 0.01,
      MONITOR_PASSWORD: 'right-password', MONITOR_ATTEMPTS: 3,
    });
  });
  afterAll(async () => { await server.stop(); });

  it('ignores X-Forwarded-For sent by the client: a new header per request still hits the join limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await create(server, '/matchmake/create/railway_madness', `203.0.113.${i}`)).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
  });

  it('limits every path Colyseus serves as matchmaking, such as /matchmake?/joinOrCreate/...', async () => {
    const res = await create(server, '/matchmake?/joinOrCreate/railway_madness');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('ignores X-Forwarded-For on code look-ups too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await fetch(`${server.http}/api/rooms/code/ABCDEFGH`, { headers: { 'X-Forwarded-For': `198.51.100.${i}` } })).status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });

  it('limits tournament creation and registration per address', async () => {
    const body = { name: 'Night', game: 'car_exchange', variant: 'classic', tableSize: 4, rounds: 2, format: 'swiss' };
    const made: number[] = [];
    let id = '';
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.http}/api/tournaments`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      made.push(res.status);
      if (res.status === 201) id = ((await res.json()) as { tournament: { id: string } }).tournament.id;
    }
    expect(made).toEqual([201, 201, 429]);
    const registered: number[] = [];
    for (let i = 0; i < 4; i++) {
      registered.push((await fetch(`${server.http}/api/tournaments/${id}/register`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: `P${i}` }),
      })).status);
    }
    expect(registered).toEqual([201, 201, 201, 429]);
  });

  it('locks /monitor for an address after repeated wrong passwords, even for the right one', async () => {
    const wrong = { authorization: `Basic ${Buffer.from('admin:guess').toString('base64')}` };
    const right = { authorization: `Basic ${Buffer.from('admin:right-password').toString('base64')}` };
    expect((await fetch(`${server.http}/monitor/`, { headers: right })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.http}/monitor/`, { headers: wrong })).status).toBe(401);
    expect((await fetch(`${server.http}/monitor/`, { headers: right })).status).toBe(429);
  });
});

describe('with TRUST_PROXY=loopback (a proxy on this host)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await bootServer({ JOIN_BURST: 2, JOIN_PER_SECOND: 0.1, TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => { await server.stop(); });

  it('counts each forwarded client address on its own budget', async () => {
    const first = [];
    for (let i = 0; i < 3; i++) first.push((await create(server, '/matchmake/create/railway_madness', '203.0.113.7')).status);
    expect(first).toEqual([200, 200, 429]);
    expect((await create(server, '/matchmake/create/railway_madness', '203.0.113.8')).status).toBe(200);
  });
});
