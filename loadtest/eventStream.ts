/**
 * Reads a Server-Sent Events stream (optionally with a bearer token), as a browser's fetch would:
 * keeps every `data:` frame, parsed, and calls `onFrame` for each. Used by the tournament bench
 * (players waiting for their table) and by the tests.
 */
export interface EventStream<T> {
  frames: T[];
  /** Everything received, as text. */
  raw: string;
  stop(): void;
}

/** `keep: false` keeps neither `frames` nor `raw` (a load test with many streams). */
export function readEvents<T = unknown>(url: string, token?: string, onFrame?: (frame: T) => void, keep = true): EventStream<T> {
  const abort = new AbortController();
  const out: EventStream<T> = { frames: [], raw: '', stop: () => abort.abort() };
  void fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: abort.signal }).then(async (res) => {
    if (res.status !== 200) throw new Error(`stream answered ${res.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      const text = decoder.decode(chunk, { stream: true });
      if (keep) out.raw += text;
      buffer += text;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const data = /^data: (.*)$/m.exec(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 2);
        if (!data) continue;
        const frame = JSON.parse(data[1]) as T;
        if (keep) out.frames.push(frame);
        onFrame?.(frame);
      }
    }
  }).catch(() => undefined);
  return out;
}
