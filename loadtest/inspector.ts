/**
 * A server process started with `--inspect=127.0.0.1:<port>` lets a benchmark run a full garbage
 * collection in it and read its memory right after, through the DevTools protocol: no endpoint in
 * the server for it. RSS alone does not resolve one client (V8 collects when it likes and keeps the
 * pages it grew into); the heap after a full collection does.
 */
import { writeFileSync } from 'node:fs';
import WebSocket from 'ws';

export interface CollectedMemory {
  /** After a full collection: V8's live heap, memory held outside it (buffers), and the process' RSS, in MiB. */
  heapUsedMiB: number;
  externalMiB: number;
  rssMiB: number;
}

async function debuggerUrl(port: number): Promise<string> {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json() as { webSocketDebuggerUrl: string }[];
  if (!targets[0]) throw new Error(`no inspector target on port ${port}`);
  return targets[0].webSocketDebuggerUrl;
}

/** Live heap bytes per constructor (objects) or per kind (strings, arrays, closures, code, …). */
export type HeapByKind = Map<string, { count: number; bytes: number }>;

interface HeapSnapshot { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] }

/** What a heap snapshot holds, summed by constructor name (objects) or by kind (everything else). */
export function heapByKind(snapshot: HeapSnapshot): HeapByKind {
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = [fields.indexOf('type'), fields.indexOf('name'), fields.indexOf('self_size')];
  const out: HeapByKind = new Map();
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt]];
    const key = type === 'object' ? snapshot.strings[snapshot.nodes[i + nameAt]] : `(${type})`;
    const entry = out.get(key) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += snapshot.nodes[i + sizeAt];
    out.set(key, entry);
  }
  return out;
}

type Call = (method: string, params?: object) => Promise<any>;

/** One DevTools session on the inspected process: `use` gets a caller; heap snapshot chunks are collected into `chunks`. */
async function withInspector<T>(port: number, use: (call: Call, chunks: string[]) => Promise<T>): Promise<T> {
  const socket = new WebSocket(await debuggerUrl(port));
  await new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject); });
  // One reader for everything the inspector sends: answers by id, heap snapshot chunks as they stream.
  let nextId = 1;
  const chunks: string[] = [];
  const waiting = new Map<number, { method: string; resolve(result: any): void; reject(error: Error): void }>();
  socket.on('message', (data: WebSocket.RawData) => {
    const message = JSON.parse(String(data)) as { id?: number; method?: string; params?: { chunk: string }; result?: unknown; error?: { message: string } };
    if (message.method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push(message.params!.chunk);
    const caller = message.id === undefined ? undefined : waiting.get(message.id);
    if (!caller) return;
    waiting.delete(message.id!);
    if (message.error) caller.reject(new Error(`${caller.method}: ${message.error.message}`));
    else caller.resolve(message.result);
  });
  const call: Call = (method, params = {}) => new Promise<any>((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { method, resolve, reject });
    socket.send(JSON.stringify({ id, method, params }));
  });
  try {
    return await use(call, chunks);
  } finally {
    socket.close();
  }
}

/** Evaluates `expression` in the inspected process and returns its value (JSON-serialisable). */
async function evaluate<T>(call: Call, expression: string): Promise<T> {
  const answer = await call('Runtime.evaluate', { expression: `JSON.stringify(${expression})`, returnByValue: true }) as { result: { value?: string }; exceptionDetails?: { text: string } };
  if (answer.exceptionDetails || answer.result.value === undefined) throw new Error(`evaluate ${expression}: ${answer.exceptionDetails?.text ?? 'no value'}`);
  return JSON.parse(answer.result.value) as T;
}

/**
 * The server's own record of its collections (perf_hooks 'gc' entries, observed inside the server
 * process): installed once through the inspector, so the server needs no code for it. Collections
 * the bench forces (collectAndMeasure) are marked and left out of the pauses read back.
 */
const GC_RECORDER = `(() => {
  if (globalThis.__benchGc) return true;
  const { PerformanceObserver, performance } = process.getBuiltinModule('node:perf_hooks');
  const gc = { since: performance.now(), entries: [], forced: [] };
  globalThis.__benchGc = gc;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) gc.entries.push([e.startTime, e.duration, e.detail ? e.detail.kind : e.kind]); }).observe({ entryTypes: ['gc'] });
  return true;
})()`;
const FORCED_FROM = `(() => { const g = globalThis.__benchGc; if (g) g.forced.push([process.getBuiltinModule('node:perf_hooks').performance.now(), Infinity]); return true; })()`;
const FORCED_TO = `(() => { const g = globalThis.__benchGc; if (g) g.forced[g.forced.length - 1][1] = process.getBuiltinModule('node:perf_hooks').performance.now(); return true; })()`;

export async function recordGcPauses(port: number): Promise<void> {
  await withInspector(port, (call) => evaluate(call, GC_RECORDER));
}

/** perf_hooks' kinds: 1 minor (scavenge), 2 major (mark-sweep-compact), 4 incremental marking, 8 weak callbacks. */
const GC_KINDS: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };

export interface GcPauses { seconds: number; count: number; perSecond: number; p50Ms: number; p99Ms: number; maxMs: number; totalMs: number; byKind: Record<string, { count: number; maxMs: number }> }

/** The pauses the server's collections made since `recordGcPauses` (its own, not the bench's forced ones), and starts over. */
export async function readGcPauses(port: number): Promise<GcPauses> {
  const gc = await withInspector(port, (call) => evaluate<{ since: number; now: number; entries: [number, number, number][]; forced: [number, number | null][] }>(call,
    `(() => { const g = globalThis.__benchGc; const now = process.getBuiltinModule('node:perf_hooks').performance.now(); const out = { since: g.since, now, entries: g.entries, forced: g.forced }; g.since = now; g.entries = []; g.forced = []; return out; })()`));
  const forced = gc.forced.map(([from, to]) => [from, to ?? Infinity] as const);
  const own = gc.entries.filter(([at]) => !forced.some(([from, to]) => at >= from && at <= to));
  const sorted = own.map(([, ms]) => ms).sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : 0);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  const byKind: GcPauses['byKind'] = {};
  for (const [, ms, kind] of own) {
    const k = (byKind[GC_KINDS[kind] ?? String(kind)] ??= { count: 0, maxMs: 0 });
    k.count++;
    k.maxMs = round(Math.max(k.maxMs, ms));
  }
  const seconds = (gc.now - gc.since) / 1000;
  return {
    seconds: Math.round(seconds), count: sorted.length, perSecond: Math.round((sorted.length / Math.max(1, seconds)) * 100) / 100,
    p50Ms: round(at(0.5)), p99Ms: round(at(0.99)), maxMs: round(sorted[sorted.length - 1] ?? 0), totalMs: round(sorted.reduce((a, b) => a + b, 0)), byKind,
  };
}

/** Runs a full collection in the inspected process and returns its memory just after (and, asked, its heap by kind; `saveTo`: the raw snapshot too). */
export async function collectAndMeasure(port: number, withHeap: true, saveTo?: string): Promise<CollectedMemory & { heap: HeapByKind }>;
export async function collectAndMeasure(port: number, withHeap?: false): Promise<CollectedMemory>;
export async function collectAndMeasure(port: number, withHeap = false, saveTo?: string): Promise<CollectedMemory & { heap?: HeapByKind }> {
  return withInspector(port, async (call, chunks) => {
    await evaluate(call, FORCED_FROM);
    try {
      // Twice: objects with finalizers (WeakRefs, sockets' native handles) go in a second pass.
      await call('HeapProfiler.collectGarbage');
      await call('HeapProfiler.collectGarbage');
      const usage = await evaluate<NodeJS.MemoryUsage>(call, 'process.memoryUsage()');
      const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
      const memory = { heapUsedMiB: mib(usage.heapUsed), externalMiB: mib(usage.external), rssMiB: mib(usage.rss) };
      if (!withHeap) return memory;
      // The snapshot itself collects first, and comes back in chunks before the call's answer.
      await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      const raw = chunks.join('');
      if (saveTo) writeFileSync(saveTo, raw);
      return { ...memory, heap: heapByKind(JSON.parse(raw) as HeapSnapshot) };
    } finally {
      await evaluate(call, FORCED_TO);
    }
  });
}
