/**
 * `npm run bench -- abuse --mode fuzz --messages 100000` and `--mode flood`: what anonymous input
 * does to one real server process (docs/operations.md).
 *
 * fuzz: for every game room and the lobby, real colyseus.js sockets send random frames (any type
 * name, any body, raw bytes). The per-client message limit is lifted for the run so every frame
 * reaches the edge checks, decoding and the handlers instead of being dropped by the rate limit.
 * Reported: frames sent, reconnections (sockets the server closed), the server still healthy, and
 * its RSS before, during and after.
 *
 * flood: tables of bots play Railway Madness while a client in another process floods; reported:
 * how long the server takes to cut the flooder off each time, and the other tables' action p99
 * with and without the flood, in the same run.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Client, type Room } from 'colyseus.js';
import { games, findGame } from '../../shared/games/registry.js';
import { FrameFuzzer } from '../abuse/fuzzFrames.js';
import { runTables } from './tables.js';
import type { ServerProcess } from '../serverProcess.js';

type Values = Record<string, string | undefined>;
type WithServers = <T>(count: number, run: (servers: ServerProcess[]) => Promise<T>, env?: Record<string, string>) => Promise<T & { server: unknown }>;

const GAME_TYPES = ['action', 'ping', 'add_bot', 'remove_bot', 'configure', 'start'];

export async function runScenario(values: Values, withServers: WithServers): Promise<unknown> {
  return values.mode === 'flood' ? flood(values, withServers) : fuzz(values, withServers);
}

async function fuzz(values: Values, withServers: WithServers) {
  const perRoom = Number(values.messages ?? 100_000);
  const generatorStart = process.cpuUsage();
  const wallStart = Date.now();
  return withServers(1, async ([server]) => {
    const endpoint = `ws://127.0.0.1:${server.port}`;
    const rooms: Record<string, unknown>[] = [];
    const rssStart = server.usage().rssMiB;
    for (const name of [...games.map((g) => g.id), 'lobby']) {
      const fuzzer = new FrameFuzzer(rooms.length + 1, name === 'lobby' ? ['filter'] : GAME_TYPES);
      let sent = 0;
      let reconnections = 0;
      const open = async (): Promise<Room> => {
        const client = new Client(endpoint);
        const room = name === 'lobby' ? await client.joinOrCreate('lobby')
          : await client.create(name, { private: true, name: 'Fuzz' });
        room.onMessage('*', () => undefined);
        room.onError(() => undefined);
        return room;
      };
      let room = await open();
      while (sent < perRoom) {
        if (!room.connection.isOpen) {
          reconnections++;
          if (process.env.FUZZ_TRACE) process.stderr.write(`fuzz: ${name} reconnect at ${sent}\n`);
          room = await open();
        }
        for (let i = 0; i < 200 && sent < perRoom && room.connection.isOpen; i++, sent++) {
          const frame = fuzzer.next();
          try {
            if (frame.kind === 'raw') room.connection.send(frame.bytes);
            else room.send(frame.type, frame.body);
          } catch {
            // the client library refused to encode it (e.g. a value msgpack cannot carry): not sent
          }
        }
        await new Promise((r) => setTimeout(r, 2));
      }
      // A socket the fuzz left half-broken may never answer the leave: do not wait on it.
      await Promise.race([room.leave(true).catch(() => undefined), new Promise((r) => setTimeout(r, 2000))]);
      if (room.connection.isOpen) room.connection.close();
      const healthy = (await fetch(`http://127.0.0.1:${server.port}/health`).catch(() => null))?.ok === true;
      process.stderr.write(`fuzz: ${name} ${sent} frames, ${reconnections} reconnections\n`);
      rooms.push({ room: name, frames: sent, reconnections, healthy, serverRunning: server.child.exitCode === null, rssMiB: Math.round(server.usage().rssMiB) });
    }
    // Fuzzed 'start' messages began games that bots now finish: wait for every table to close,
    // so the last figure is the process with nothing open, like the first.
    const rssAfterFuzz = server.usage().rssMiB;
    const until = Date.now() + 600_000;
    let open = -1;
    while (Date.now() < until) {
      open = ((await (await fetch(`http://127.0.0.1:${server.port}/health`)).json()) as { rooms: number }).rooms;
      if (open === 0) break;
      await new Promise((r) => setTimeout(r, 2000));
    }
    await new Promise((r) => setTimeout(r, 5000));
    const cpu = process.cpuUsage(generatorStart);
    return {
      scenario: 'abuse-fuzz', framesPerRoom: perRoom, rooms,
      roomsOpenAtEnd: open,
      rssMiB: { start: Math.round(rssStart), afterFuzz: Math.round(rssAfterFuzz), allTablesClosed: Math.round(server.usage().rssMiB) },
      serverExitCode: server.child.exitCode,
      generatorCpuShare: Math.round(((cpu.user + cpu.system) / 1000 / (Date.now() - wallStart)) * 100) / 100,
    };
  }, { MESSAGE_BURST: '1000000000', MESSAGES_PER_SECOND: '1000000000', FINISHED_LINGER_MS: '1000', QUICKPLAY_FILL_MS: '600000' });
}

async function flood(values: Values, withServers: WithServers) {
  const game = findGame('railway_madness')!;
  const tables = Number(values.tables ?? 12);
  const seats = Number(values.seats ?? 3);
  const generatorStart = process.cpuUsage();
  const wallStart = Date.now();
  return withServers(1, async ([server]) => {
    const endpoint = `ws://127.0.0.1:${server.port}`;
    const play = () => runTables({
      endpoints: [endpoint], httpBase: `http://127.0.0.1:${server.port}`, game, tables, seats,
      variant: 'classic', timeoutMs: 240_000,
    });
    const quiet = await play();
    const flooder = spawn(process.execPath, ['--import', 'tsx', 'loadtest/abuse/flooder.ts', endpoint], { stdio: ['ignore', 'pipe', 'inherit'] });
    const cutOffs: number[] = [];
    let framesSent = 0;
    createInterface({ input: flooder.stdout! }).on('line', (line) => {
      try {
        const m = JSON.parse(line) as { cutOffMs?: number; sent?: number };
        if (m.cutOffMs !== undefined) cutOffs.push(m.cutOffMs);
        framesSent += m.sent ?? 0;
      } catch { /* not ours */ }
    });
    let flooded;
    try {
      await new Promise((r) => setTimeout(r, 1000));
      flooded = await play();
    } finally {
      flooder.kill('SIGKILL');
    }
    const sorted = [...cutOffs].sort((a, b) => a - b);
    const cpu = process.cpuUsage(generatorStart);
    return {
      scenario: 'abuse-flood', tables, seats,
      withoutFlood: { actionLatencyMs: quiet.latencyMs, unfinished: quiet.unfinishedClients, errors: quiet.errors },
      withFlood: { actionLatencyMs: flooded.latencyMs, unfinished: flooded.unfinishedClients, errors: flooded.errors },
      p99Ratio: Math.round((flooded.latencyMs.p99 / Math.max(1, quiet.latencyMs.p99)) * 100) / 100,
      flooder: { cutOffs: cutOffs.length, framesSent, cutOffMs: { median: sorted[Math.floor(sorted.length / 2)] ?? null, max: sorted[sorted.length - 1] ?? null } },
      serverExitCode: server.child.exitCode,
      generatorCpuShare: Math.round(((cpu.user + cpu.system) / 1000 / (Date.now() - wallStart)) * 100) / 100,
    };
  });
}
