/**
 * The child-process starter takes only its own child for the server, and never leaves a child
 * running when a start fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'colyseus.js';
import { describe, expect, it } from 'vitest';
import { eventually, ready, tableOf } from '../test/support/server.js';
import { buildServer, PortTakenError, ServerStartError, startServerOnFreePort, startServerProcess } from './serverProcess.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function startFailure(start: Promise<unknown>): Promise<ServerStartError> {
  const error = await start.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ServerStartError);
  return error as ServerStartError;
}

describe('startServerProcess', () => {
  it('refuses a port another process answers /health on, and kills the child it spawned', async () => {
    const impostor = http.createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 'ok', pid: 1 }));
    });
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    const { port } = impostor.address() as AddressInfo;
    try {
      const error = await startFailure(startServerProcess(port));
      expect(error).toBeInstanceOf(PortTakenError);
      expect(error.message).toMatch(/another process \(pid 1\)/);
      expect(error.childPid).toBeGreaterThan(0);
      expect(alive(error.childPid!)).toBe(false);
    } finally {
      await new Promise((resolve) => impostor.close(resolve));
    }
  }, 60_000);

  it('kills the child it spawned when /health does not answer in time', async () => {
    const error = await startFailure(startServerProcess(1, {}, 1));
    expect(error.message).toMatch(/did not become healthy within/);
    expect(alive(error.childPid!)).toBe(false);
  }, 60_000);

  it('starts on a free port, and the process answering /health is the child', async () => {
    const server = await startServerOnFreePort();
    try {
      const health = await (await fetch(`http://127.0.0.1:${server.port}/health`)).json() as { pid: number };
      expect(health.pid).toBe(server.pid);
      expect(server.child.pid).toBe(server.pid);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(alive(server.pid)).toBe(false);
  }, 240_000);

  it('runs the server as `npm start` does (the esbuild bundle): client, API, and a table whose typed state reaches a colyseus.js client', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'junction-built-'));
    const server = await startServerOnFreePort({ JUNCTION_DATA_DIR: join(dataDir, 'pglite'), QUICKPLAY_FILL_MS: '200' }, 3, buildServer());
    try {
      const base = `http://127.0.0.1:${server.port}`;
      // The bundle finds the project's dist/client and package.json from dist/server/.
      expect(await (await fetch(`${base}/`)).text()).toMatch(/<title>Junction/);
      expect(((await (await fetch(`${base}/health`)).json()) as { version: string }).version).toMatch(/^\d+\.\d+\.\d+/);
      expect(((await (await fetch(`${base}/api/games`)).json()) as { id: string }[]).map((g) => g.id)).toContain('railway_madness');
      // Schema decorators survive the bundle: the typed table state reaches a colyseus.js client.
      const room = await ready(await new Client(`ws://127.0.0.1:${server.port}`).joinOrCreate('railway_madness', { name: 'Ana', variant: 'training', players: 2 }));
      await eventually(() => room.state.phase === 'playing', 60_000, 'the quick-play bot filled the table');
      expect(tableOf<{ table: unknown[] }>(room).table.length).toBeGreaterThan(0);
      await room.leave();
    } finally {
      expect(await server.stop()).toBe(0);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
