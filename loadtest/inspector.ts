/**
 * A server process started with `--inspect=127.0.0.1:<port>` lets a benchmark run a full garbage
 * collection in it and read its memory right after, through the DevTools protocol: no endpoint in
 * the server for it. RSS alone does not resolve one client (V8 collects when it likes and keeps the
 * pages it grew into); the heap after a full collection does.
 */
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

/** Runs a full collection in the inspected process and returns its memory just after (and, asked, its heap by kind). */
export async function collectAndMeasure(port: number, withHeap: true): Promise<CollectedMemory & { heap: HeapByKind }>;
export async function collectAndMeasure(port: number, withHeap?: false): Promise<CollectedMemory>;
export async function collectAndMeasure(port: number, withHeap = false): Promise<CollectedMemory & { heap?: HeapByKind }> {
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
  const call = (method: string, params: object = {}) => new Promise<any>((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { method, resolve, reject });
    socket.send(JSON.stringify({ id, method, params }));
  });
  try {
    // Twice: objects with finalizers (WeakRefs, sockets' native handles) go in a second pass.
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const answer = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true }) as { result: { value: string } };
    const usage = JSON.parse(answer.result.value) as NodeJS.MemoryUsage;
    const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    const memory = { heapUsedMiB: mib(usage.heapUsed), externalMiB: mib(usage.external), rssMiB: mib(usage.rss) };
    if (!withHeap) return memory;
    // The snapshot itself collects first, and comes back in chunks before the call's answer.
    await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    return { ...memory, heap: heapByKind(JSON.parse(chunks.join('')) as HeapSnapshot) };
  } finally {
    socket.close();
  }
}
