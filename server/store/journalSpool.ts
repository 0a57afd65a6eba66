/**
 * The embedded store's journal spool (issue 24, docs/architecture.md "What is durable when"). A
 * group commit is one line appended to a segment file: a write to the OS, which survives a killed
 * process as the embedded PostgreSQL's own files do (PGlite runs with fsync off). Segments are moved
 * into `game_log_chunks` in the background (server/store/embeddedStore.ts): one statement for a
 * second of commits, with each table's chunks of the segment merged into one row, instead of one
 * statement per turn of the event loop. A segment is deleted once its rows are in; one left by a
 * killed process is moved in at the next start, merged the same way, so moving it twice writes
 * nothing twice (a merged row keeps the number of its last chunk; the insert skips a number already
 * there). `dir` null (a `memory://` store) keeps segments in memory only.
 */
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { JournalCommit } from './types.js';

export type SpoolChunk = JournalCommit['chunks'][number];

const SEGMENT = /^journal-(\d{12})\.ndjson$/;

export interface SpoolSegment {
  readonly seq: number;
  readonly chunks: SpoolChunk[];
  entries: number;
  fd: number | null;
  /** Takes no more commits (being moved in, or left by a previous process). */
  sealed: boolean;
}

export class JournalSpool {
  /** Oldest first; the last one takes new commits. */
  private readonly segments: SpoolSegment[] = [];
  private nextSeq: number;

  private constructor(private readonly dir: string | null, leftovers: SpoolSegment[]) {
    this.segments.push(...leftovers);
    this.nextSeq = (leftovers.at(-1)?.seq ?? 0) + 1;
  }

  /** Opens the spool in `dir` (created if missing) with the segments a previous process left. */
  static open(dir: string | null): JournalSpool {
    if (dir === null) return new JournalSpool(null, []);
    mkdirSync(dir, { recursive: true });
    const leftovers = readdirSync(dir).flatMap((name) => {
      const match = SEGMENT.exec(name);
      return match ? [{ seq: Number(match[1]), name }] : [];
    }).sort((a, b) => a.seq - b.seq).map(({ seq, name }) => readSegment(join(dir, name), seq));
    return new JournalSpool(dir, leftovers);
  }

  /** Entries written and not yet moved into the store. */
  get pendingEntries(): number {
    return this.segments.reduce((sum, s) => sum + s.entries, 0);
  }

  /** One group commit's chunks, durable (written to the OS) when this returns. */
  append(chunks: readonly SpoolChunk[]): void {
    if (chunks.length === 0) return;
    let segment = this.segments.at(-1);
    if (!segment || segment.sealed) segment = this.startSegment();
    if (segment.fd !== null) {
      const line = Buffer.from(`${JSON.stringify(chunks)}\n`);
      let written = 0;
      while (written < line.length) written += writeSync(segment.fd, line, written);
    }
    segment.chunks.push(...chunks);
    for (const c of chunks) segment.entries += c.entries.length;
  }

  /** Stops the open segment taking commits; returns every segment not yet moved in, oldest first. */
  seal(): readonly SpoolSegment[] {
    const open = this.segments.at(-1);
    if (open && !open.sealed) {
      open.sealed = true;
      if (open.fd !== null) closeSync(open.fd);
      open.fd = null;
    }
    return [...this.segments];
  }

  /** The segment's rows are in the store: forget it and delete its file. */
  moved(segment: SpoolSegment): void {
    const at = this.segments.indexOf(segment);
    if (at >= 0) this.segments.splice(at, 1);
    if (this.dir !== null) {
      try {
        unlinkSync(join(this.dir, segmentName(segment.seq)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }

  close(): void {
    for (const segment of this.segments) {
      if (segment.fd !== null) closeSync(segment.fd);
      segment.fd = null;
      segment.sealed = true;
    }
  }

  private startSegment(): SpoolSegment {
    const seq = this.nextSeq++;
    const fd = this.dir === null ? null : openSync(join(this.dir, segmentName(seq)), 'a');
    const segment: SpoolSegment = { seq, chunks: [], entries: 0, fd, sealed: false };
    this.segments.push(segment);
    return segment;
  }
}

/**
 * A segment's chunks as rows: a table's chunks (under one token) become one row holding their
 * entries in order, numbered as the last of them, so the next chunk number stays above it.
 */
export function mergedRows(chunks: readonly SpoolChunk[]): SpoolChunk[] {
  const rows = new Map<string, SpoolChunk>();
  for (const c of chunks) {
    const key = `${c.gameId}\u0000${c.fence}`;
    const row = rows.get(key);
    if (!row) rows.set(key, { gameId: c.gameId, chunk: c.chunk, fence: c.fence, entries: [...c.entries] });
    else {
      row.chunk = Math.max(row.chunk, c.chunk);
      row.entries.push(...c.entries);
    }
  }
  return [...rows.values()];
}

function segmentName(seq: number): string {
  return `journal-${String(seq).padStart(12, '0')}.ndjson`;
}

/** A left segment's chunks; a last line cut short by the kill was never acknowledged and is skipped. */
function readSegment(path: string, seq: number): SpoolSegment {
  const chunks: SpoolChunk[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line === '') continue;
    try {
      chunks.push(...(JSON.parse(line) as SpoolChunk[]));
    } catch {
      break;
    }
  }
  return { seq, chunks, entries: chunks.reduce((sum, c) => sum + c.entries.length, 0), fd: null, sealed: true };
}
