/**
 * Starts a real Junction server as a child process (node --import tsx server/main.ts), waits for /health, and
 * reads its CPU time and resident memory from /proc, so the figures are the server's own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface ServerProcess {
  port: number;
  pid: number;
  child: ChildProcess;
  /** CPU seconds used so far (user + system) and resident memory in MiB. */
  usage(): { cpuSeconds: number; rssMiB: number };
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const TICKS_PER_SECOND = 100;

export async function startServerProcess(port: number, env: Record<string, string> = {}): Promise<ServerProcess> {
  // `node --import tsx` keeps the server in this one process, so /proc shows its own CPU and memory.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', JUNCTION_DATA_DIR: 'memory://', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const until = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`server on port ${port} exited with ${child.exitCode}`);
    if (Date.now() > until) throw new Error(`server on port ${port} did not become healthy`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const pid = child.pid!;
  return {
    port, pid, child,
    usage() {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      const cpuSeconds = (Number(stat[11]) + Number(stat[12])) / TICKS_PER_SECOND;
      const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return { cpuSeconds, rssMiB: rss ? Number(rss[1]) / 1024 : 0 };
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const timeout = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timeout);
      return code;
    },
  };
}
