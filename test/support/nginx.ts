/**
 * Debian's nginx as a child process of a test: its own prefix, temp folders, pid file, error and
 * access logs in a fresh mkdtemp folder, in the foreground (`-g 'daemon off;'`), killed when the
 * test stops it and, failing that, when the test process exits. Nothing is installed here:
 * `.ci/run` installs nginx; without it a test skips with a message, and fails under CI=true.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
/** What a test may change in deploy/nginx.conf: the lines ending with these markers, each present once. */
export type FleetMarker = 'listen' | 'resolver' | 'game-port';

export interface NginxProcess {
  port: number;
  pid: number;
  /** The access log so far: `<status> <upstream address> <request line>` per request. */
  accessLog(): string;
  errorLog(): string;
  stop(): Promise<void>;
}

/** The nginx binary on PATH or in /usr/sbin (root's PATH only), like `command -v nginx`. */
export function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':').filter(Boolean), '/usr/sbin', '/sbin'];
  for (const dir of dirs) {
    const candidate = path.join(dir, 'nginx');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The binary, or undefined (with a console note) when the test should skip; throws under CI. */
export function requireNginx(): string | undefined {
  const binary = findNginx();
  if (binary) return binary;
  if (process.env.CI === 'true') throw new Error('nginx is required under CI=true (apt-get install -y --no-install-recommends nginx; .ci/run does it)');
  console.warn('[skip] nginx is not installed (apt-get install -y --no-install-recommends nginx): skipping the tests that need it');
  return undefined;
}

/** `source` with each marked line (`... # fleet:<marker>`) replaced by the given directive; a marker not found exactly once is an error. */
export function replaceMarkedLines(source: string, replacements: Record<FleetMarker, string>): string {
  let text = source;
  for (const [marker, directive] of Object.entries(replacements)) {
    const pattern = new RegExp(`^([ \\t]*).*# fleet:${marker}[ \\t]*$`, 'gm');
    const found = text.match(pattern)?.length ?? 0;
    if (found !== 1) throw new Error(`deploy/nginx.conf must have exactly one line marked "# fleet:${marker}", found ${found}`);
    text = text.replace(pattern, (_line, indent: string) => `${indent}${directive} # fleet:${marker} (replaced by the test)`);
  }
  return text;
}

const running = new Set<ChildProcess>();
const killAll = () => {
  for (const child of running) child.kill('SIGKILL');
};
process.on('exit', killAll);
// vitest ends a worker (a hook past its timeout, a cancelled run) with SIGTERM, which skips 'exit';
// the signal is raised again so the worker still ends (as loadtest/serverProcess.ts does).
for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    killAll();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  });
}

/**
 * Runs `site` (what compose mounts as conf.d/default.conf: http-level directives and server blocks)
 * inside a minimal main configuration, and waits until `port` accepts connections.
 */
export async function startNginx(binary: string, site: string, port: number): Promise<NginxProcess> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'junction-nginx-'));
  // Workers of a root master run as another user: they must reach the temp folders inside.
  chmodSync(dir, 0o755);
  const file = (name: string) => path.join(dir, name);
  writeFileSync(file('site.conf'), site);
  writeFileSync(file('nginx.conf'), [
    'worker_processes 1;',
    `pid ${file('nginx.pid')};`,
    `error_log ${file('error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${file(`${kind}_temp`)};`),
    "  log_format fleet '$status $upstream_addr $request';",
    `  access_log ${file('access.log')} fleet;`,
    `  include ${file('site.conf')};`,
    '}',
    '',
  ].join('\n'));
  const child = spawn(binary, ['-p', `${dir}/`, '-c', file('nginx.conf'), '-e', file('error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
  child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => { running.delete(child); resolve(); }));
  const read = (name: string) => {
    try {
      return readFileSync(file(name), 'utf8');
    } catch {
      return '';
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timeout = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timeout);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await untilListening(port, child, () => read('nginx.pid').trim(), () => `${output}${read('error.log')}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, pid: child.pid!, accessLog: () => read('access.log'), errorLog: () => read('error.log'), stop };
}

/** nginx writes its pid file once its sockets are bound: that pid, and a connection accepted, mean this nginx listens. */
async function untilListening(port: number, child: ChildProcess, pidFile: () => string, log: () => string): Promise<void> {
  const until = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`nginx exited (${child.exitCode ?? child.signalCode}) before listening on ${port}:\n${log()}`);
    if (pidFile() === String(child.pid) && await accepts(port)) return;
    if (Date.now() > until) throw new Error(`nginx did not listen on ${port} within ${START_TIMEOUT_MS / 1000} s:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}
