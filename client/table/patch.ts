/**
 * One patch as the table reads it: the engine's views and the public log, decoded once and shared
 * by everything the frame draws from them (the renderer, the players panel, the text view, the
 * move log), and the events the patch brought, handed to the renderer once: public ones from the
 * log entries it had not seen, private ones from the `events` messages heard since.
 */
import { happenedFromMsg, type Happened } from '../games/happened.js';
import type { Msg } from '../../shared/i18n/msg.js';
import type { LogEntry } from '../../shared/wire/table.js';

const HEARD_KEPT = 50;

export interface Views { publicView: unknown; seatView: unknown }

export interface PatchSource {
  views(): Views | null;
  log(): LogEntry[];
  /**
   * Changes whenever the views may have (the state's `version`, bumped on every applied change,
   * with the room and the seat): a patch that leaves it alone keeps the views it had, the very
   * same objects, so a renderer sees that nothing of the game changed.
   */
  viewsStamp(): string;
}

export interface TablePatch {
  /** Null before the game starts. */
  readonly views: Views | null;
  /** The public log, oldest first. */
  readonly log: readonly LogEntry[];
}

export class PatchReader {
  private current: TablePatch | null = null;
  private views: { stamp: string; views: Views | null } | null = null;
  /** The newest public entry handed out; null until the first read, which adopts the log as it stands. */
  private lastLogged: number | null = null;
  private heard: Happened[] = [];

  constructor(private readonly source: PatchSource) {}

  /** A new patch arrived (or the room changed): the next read decodes it. */
  changed(): void {
    this.current = null;
  }

  /** Private events (`events` messages) wait for the next render. */
  heardPrivately(events: readonly { type: string; msg: Msg }[]): void {
    for (const e of events) this.heard.push(happenedFromMsg(e.msg, e.type));
    // Nobody takes them while the result shows: keep only what a render could still animate.
    if (this.heard.length > HEARD_KEPT) this.heard.splice(0, this.heard.length - HEARD_KEPT);
  }

  read(): TablePatch {
    if (this.current) return this.current;
    const stamp = this.source.viewsStamp();
    if (this.views?.stamp !== stamp) this.views = { stamp, views: this.source.views() };
    this.current = { views: this.views.views, log: this.source.log() };
    return this.current;
  }

  /**
   * What happened since the last call, oldest first: a second render of the same patch (a resize)
   * animates nothing. The first call hands out no history: a table joined mid-game starts still.
   */
  takeEvents(): Happened[] {
    const log = this.read().log;
    const newest = log.at(-1)?.n ?? 0;
    const fresh = this.lastLogged === null ? [] : log.filter((e) => e.n > this.lastLogged!).map((e) => happenedFromMsg(e.msg));
    this.lastLogged = Math.max(this.lastLogged ?? 0, newest);
    const all = [...fresh, ...this.heard];
    this.heard = [];
    return all;
  }
}
