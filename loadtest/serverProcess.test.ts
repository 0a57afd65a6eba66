/**
 * The child-process starter takes only its own child for the server, and never leaves a child
 * running when a start fails.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PortTakenError, ServerStartError, startServerOnFreePort, startServerProcess } from './serverProcess.js';

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
});
