/**
 * Issue 28 item 8: 1,500 half-open connections (one header every 10 s) from one address stayed
 * open. Here the cap is 5 per address and the header deadline 2 s, on loopback: 127.0.0.1 plays
 * the attacker, 127.0.0.2 another client, and 127.0.0.3 a proxy named in TRUST_PROXY whose
 * clients are told apart by X-Forwarded-For (counted at the websocket upgrade).
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Protocol } from '@colyseus/core';
import { bootServer, eventually, type TestServer } from '../support/server.js';
import { reserveSeat } from '../../loadtest/capacity/rawSeat.js';

const CAP = 5;
let server: TestServer;
let port: number;
const opened: { destroy(): void }[] = [];

beforeAll(async () => {
  server = await bootServer({ CONNECTIONS_PER_ADDRESS: CAP, HEADERS_TIMEOUT_MS: 2000, REQUEST_TIMEOUT_MS: 4000, TRUST_PROXY: '127.0.0.3' });
  port = server.junction.port;
});
afterEach(() => {
  for (const socket of opened.splice(0)) socket.destroy();
});
afterAll(async () => {
  await server.stop();
});

interface Watched { socket: net.Socket; received: string; closed: boolean }

/** A raw TCP connection from `localAddress`, recording what it receives and whether it closed. */
async function connect(localAddress: string): Promise<Watched> {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress });
  opened.push(socket);
  const watched: Watched = { socket, received: '', closed: false };
  socket.on('data', (chunk: Buffer) => { watched.received += chunk.toString('latin1'); });
  socket.on('error', () => undefined);
  socket.on('close', () => { watched.closed = true; });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()).once('close', () => resolve()));
  return watched;
}

/** A slowloris connection: the request line, then one header line at a time every `everyMs`. */
async function slowHeaders(localAddress: string, everyMs: number): Promise<Watched> {
  const watched = await connect(localAddress);
  if (watched.closed) return watched;
  watched.socket.write('GET /health HTTP/1.1\r\nHost: junction\r\n');
  let n = 0;
  const drip = setInterval(() => { if (watched.closed) clearInterval(drip); else watched.socket.write(`X-Drip-${n++}: 1\r\n`); }, everyMs);
  opened.push({ destroy: () => clearInterval(drip) });
  return watched;
}

/** GET `path` on a fresh connection from `localAddress`: status and body. */
function get(localAddress: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, localAddress, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

describe('connections per address', () => {
  it('refuses connections past the cap from one address with 429, and still answers another address', async () => {
    const held: Watched[] = [];
    for (let i = 0; i < CAP; i++) held.push(await slowHeaders('127.0.0.1', 500));
    const extra: Watched[] = [];
    for (let i = 0; i < 3; i++) extra.push(await connect('127.0.0.1'));

    await eventually(() => extra.every((w) => w.closed), 30_000, 'extra connections closed');
    for (const w of extra) expect(w.received).toMatch(/^HTTP\/1\.1 429 [\s\S]*"code":"too_many_connections"/);
    expect(held.some((w) => w.received.startsWith('HTTP/1.1 429'))).toBe(false);

    expect((await get('127.0.0.2', '/health')).status).toBe(200);
    const metrics = (await get('127.0.0.2', '/metrics')).body;
    expect(metrics).toMatch(/junction_connections_refused_total\{where="connection"\} [3-9]/);
  }, 60_000);

  it('closes a connection that sends one header at a time, and one that never sends a byte; the address may connect again', async () => {
    const dripping = await slowHeaders('127.0.0.1', 500);
    const silent = await connect('127.0.0.1');
    await eventually(() => dripping.closed && silent.closed, 30_000, 'half-open connections closed');
    expect(dripping.received).not.toContain('200 OK');
    expect(silent.received).toBe('');
    // Every slot of the first test and of this one was given back when its socket closed.
    await eventually(async () => (await get('127.0.0.1', '/health').catch(() => ({ status: 0 }))).status === 200, 30_000, 'a fresh request from 127.0.0.1');
  }, 60_000);
});

describe('behind a trusted proxy', () => {
  /** A websocket to the lobby through the "proxy" 127.0.0.3, for the forwarded client `forFor`; resolves open or the refusal's status. */
  async function lobbySocket(forFor: string): Promise<{ socket?: WebSocket; refused?: number }> {
    const reservation = await reserveSeat(server.http, 'joinOrCreate', 'lobby', {});
    const socket = new WebSocket(`${server.url}/${reservation.room.processId}/${reservation.room.roomId}?sessionId=${reservation.sessionId}`, {
      localAddress: '127.0.0.3', headers: { 'X-Forwarded-For': forFor },
    });
    opened.push({ destroy: () => socket.terminate() });
    return new Promise((resolve, reject) => {
      socket.on('message', (data: Buffer) => { if (data[0] === Protocol.JOIN_ROOM) resolve({ socket }); });
      socket.once('unexpected-response', (_req, res) => resolve({ refused: res.statusCode }));
      socket.once('error', reject);
    });
  }

  it('caps websockets per forwarded address, not per proxy', async () => {
    for (let i = 0; i < CAP; i++) expect((await lobbySocket('203.0.113.7')).socket).toBeDefined();
    expect((await lobbySocket('203.0.113.7')).refused).toBe(429);
    expect((await lobbySocket('203.0.113.8')).socket).toBeDefined();
  }, 60_000);
});
