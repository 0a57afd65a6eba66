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

/** Runs a full collection in the inspected process and returns its memory just after. */
export async function collectAndMeasure(port: number): Promise<CollectedMemory> {
  const socket = new WebSocket(await debuggerUrl(port));
  await new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject); });
  let nextId = 1;
  const call = (method: string, params: object = {}) => new Promise<any>((resolve, reject) => {
    const id = nextId++;
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string } };
      if (message.id !== id) return;
      socket.off('message', onMessage);
      if (message.error) reject(new Error(`${method}: ${message.error.message}`));
      else resolve(message.result);
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ id, method, params }));
  });
  try {
    // Twice: objects with finalizers (WeakRefs, sockets' native handles) go in a second pass.
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const answer = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true }) as { result: { value: string } };
    const usage = JSON.parse(answer.result.value) as NodeJS.MemoryUsage;
    const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    return { heapUsedMiB: mib(usage.heapUsed), externalMiB: mib(usage.external), rssMiB: mib(usage.rss) };
  } finally {
    socket.close();
  }
}
