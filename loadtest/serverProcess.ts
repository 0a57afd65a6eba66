/**
 * Starts a real Junction server as a child process (node --import tsx server/main.ts, or the built
 * dist/server/main.js), waits until
 * /health answers with that child's own pid, and reads its CPU time and resident memory from /proc,
 * so the figures are the server's own.
 *
 * A child is never left behind: a failed start kills it before throwing, and any child still
 * running when this process exits is killed then.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';

export interface ServerProcess {
  port: number;
  pid: number;
  child: ChildProcess;
  /** CPU seconds used so far (user + system) and resident memory in MiB. */
  /** `writeCalls`: write syscalls the process made so far (/proc/<pid>/io syscw): socket writes, mostly. */
  usage(): { cpuSeconds: number; rssMiB: number; writeCalls: number };
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A start that failed; the child (`childPid`) has been killed by the time this is thrown. */
export class ServerStartError extends Error {
  constructor(message: string, readonly childPid: number | undefined) {
    super(message);
  }
}

/** The port was answered by a process that is not the child started here, or the child could not bind it. */
export class PortTakenError extends ServerStartError {}

/** The server from its sources (what tests run: never stale) and as `npm run build` bundles it (what `npm start` runs). */
export const SOURCE_SERVER = 'server/main.ts';
export const BUILT_SERVER = 'dist/server/main.js';

/** Bundles the server as `npm run build` does (esbuild, about a second) and names the bundle. */
export function buildServer(): string {
  execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  return BUILT_SERVER;
}

const TICKS_PER_SECOND = 100;
/** Starting tsx and the server takes seconds alone and far longer on a loaded 2-core CI machine. */
const BOOT_TIMEOUT_MS = 180_000;
const HEALTH_REQUEST_TIMEOUT_MS = 5_000;
const KILL_AFTER_MS = 30_000;
const OUTPUT_TAIL_CHARS = 4_000;

const running = new Set<ChildProcess>();
let reaperInstalled = false;

/**
 * Kills the children still running when this process ends: on exit, and on SIGTERM or SIGHUP
 * (vitest ends its workers with SIGTERM, which skips 'exit'); the signal is then raised again so
 * this process still ends the way it would have.
 */
function installReaper(): void {
  if (reaperInstalled) return;
  reaperInstalled = true;
  const killAll = () => {
    for (const child of running) child.kill('SIGKILL');
  };
  process.on('exit', killAll);
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAll();
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }
}

/** A port the OS reports free right now (listen on 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server on a port the OS reports free. Another process can take that port before the
 * child binds it; then the start is retried on a fresh port. `env` may depend on the port
 * (e.g. PUBLIC_ADDRESS).
 */
export async function startServerOnFreePort(env: Record<string, string> | ((port: number) => Record<string, string>) = {}, attempts = 3, script?: string, nodeArgs: string[] = []): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await startServerProcess(port, typeof env === 'function' ? env(port) : env, undefined, script, nodeArgs);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= attempts) throw error;
    }
  }
}

/**
 * `script`: another server that answers GET /health with its pid (e.g. loadtest/capacity/echoServer.ts).
 * `nodeArgs`: options for node itself (e.g. `--cpu-prof`, which NODE_OPTIONS does not accept).
 */
export async function startServerProcess(port: number, env: Record<string, string> = {}, bootTimeoutMs = BOOT_TIMEOUT_MS, script = SOURCE_SERVER, nodeArgs: string[] = []): Promise<ServerProcess> {
  // `node --import tsx` (or plain node for a built `.js`) keeps the server in this one process, so
  // /proc shows its own CPU and memory and /health reports the pid of the child spawned here.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps'];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, script], {
    // Nothing shared unless the caller passes it: a REDIS_URL or DATABASE_URL in the caller's own
    // environment would otherwise put the child into some other deployment's Redis or database.
    // Every test and bench client comes from 127.0.0.1: the per-address connection cap is lifted
    // unless the caller sets it (test/integration/hardening-edge-connections.test.ts does).
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', JUNCTION_DATA_DIR: 'memory://', REDIS_URL: '', DATABASE_URL: '', CONNECTIONS_PER_ADDRESS: '1000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  installReaper();
  running.add(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => {
    running.delete(child);
    resolve(code);
  }));
  const output = forwardOutput(child);
  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    const timeout = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
    const code = await exited;
    clearTimeout(timeout);
    return code;
  };

  try {
    // A server bound to one address (HOST=127.0.0.3) answers there only; a wildcard one on loopback too.
    const healthHost = env.HOST && net.isIPv4(env.HOST) && env.HOST !== '0.0.0.0' ? env.HOST : '127.0.0.1';
    await untilOwnHealth(healthHost, port, child, bootTimeoutMs, output);
  } catch (error) {
    await stop('SIGKILL');
    if (error instanceof ServerStartError) throw error;
    throw new ServerStartError(`server on port ${port} failed to start: ${String(error)}`, child.pid);
  }
  const pid = child.pid!;
  return {
    port, pid, child, stop,
    usage() {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      const cpuSeconds = (Number(stat[11]) + Number(stat[12])) / TICKS_PER_SECOND;
      const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      const writes = /syscw:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
      return { cpuSeconds, rssMiB: rss ? Number(rss[1]) / 1024 : 0, writeCalls: writes ? Number(writes[1]) : 0 };
    },
  };
}

/** Passes the child's output through and keeps its last few thousand characters for error messages. */
function forwardOutput(child: ChildProcess): () => string {
  let tail = '';
  const keep = (chunk: Buffer) => { tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS); };
  child.stdout!.on('data', (chunk: Buffer) => { keep(chunk); process.stdout.write(chunk); });
  child.stderr!.on('data', (chunk: Buffer) => { keep(chunk); process.stderr.write(chunk); });
  return () => tail;
}

async function untilOwnHealth(host: string, port: number, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const text = output();
      const message = `server on port ${port} exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${text}`;
      throw /EADDRINUSE/.test(text) ? new PortTakenError(message, child.pid) : new ServerStartError(message, child.pid);
    }
    const answer = await healthPid(host, port);
    if (answer === child.pid) return;
    if (answer !== 'down') {
      throw new PortTakenError(`port ${port} is answered by another process (pid ${String(answer)}), not the server started here (pid ${child.pid})`, child.pid);
    }
    if (Date.now() > until) throw new ServerStartError(`server on port ${port} did not become healthy within ${timeoutMs / 1000} s:\n${output()}`, child.pid);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The pid a /health answer names, null for an HTTP answer without one, 'down' when nothing answers. */
async function healthPid(host: string, port: number): Promise<number | null | 'down'> {
  let res: Response;
  try {
    res = await fetch(`http://${host}:${port}/health`, { signal: AbortSignal.timeout(HEALTH_REQUEST_TIMEOUT_MS) });
  } catch {
    return 'down';
  }
  const body = await res.json().catch(() => null) as { pid?: unknown } | null;
  return typeof body?.pid === 'number' ? body.pid : null;
}
