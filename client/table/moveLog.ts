/**
 * The move log: the server's public log (`state.log`) plus this seat's private events as they
 * arrive. Entries keep the order they reached this client; the oldest go past `KEEP`.
 */
import type { LogEntry, Said } from './wire.js';

export interface Line { said: Said; private: boolean }

const KEEP = 60;

export class MoveLog {
  private seen = new Set<number>();
  private lines: Line[] = [];

  /** The server's log, oldest first: returns whether anything new arrived. */
  syncPublic(entries: LogEntry[]): boolean {
    let changed = false;
    for (const e of entries) {
      if (this.seen.has(e.n)) continue;
      this.seen.add(e.n);
      this.push({ said: e.said, private: false });
      changed = true;
    }
    return changed;
  }

  add(said: Said, isPrivate: boolean): void {
    this.push({ said, private: isPrivate });
  }

  all(): readonly Line[] {
    return this.lines;
  }

  private push(line: Line): void {
    this.lines.push(line);
    if (this.lines.length > KEEP) this.lines.splice(0, this.lines.length - KEEP);
  }
}
