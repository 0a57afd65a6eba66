/**
 * One table's chat (issue 29; docs/protocol.md "Table chat"). Phrases and emoji are codes each
 * reader formats in their own language; free text only where the host of a private, non-kids
 * table turned it on, filtered (textFilter.ts) and refused to a silenced identity. Every line is
 * sent client by client, never broadcast: a reader who muted the author never receives it.
 * Spectators read the players' channel of a public table and write only in their own, which
 * players never receive. The last CHAT_LINES_KEPT lines of each channel are kept; the players'
 * channel goes into the replay.
 */
import { randomUUID } from 'node:crypto';
import type { Client } from '@colyseus/core';
import {
  CHAT_TEXT_MAX, chatConfigMessage, isKidsTable, chatMessage, muteMessage, reportMessage, type ChatChannel, type ChatLine,
} from '../../shared/chat/catalogue.js';
import type { MsgParam } from '../../shared/i18n/msg.js';
import { ErrorCodes } from '../../shared/protocol/messages.js';
import { TokenBucket } from '../matchmaking/rateLimit.js';
import type { LogEntry } from '../../shared/replay/log.js';
import type { SocialStore } from '../store/index.js';
import { checkText } from './textFilter.js';
import { silenced } from './standing.js';
import { logger } from '../ops/logger.js';

/** Lines kept per channel (bounded memory; also what a report carries, with as many moves). */
export const CHAT_LINES_KEPT = 50;
/** Mutes one identity may hold, and reports it may file a day. */
export const MUTES_MAX = 500;
export const REPORTS_PER_DAY = 20;
/** Reports one table takes in all (anonymous reporters included). */
const REPORTS_PER_TABLE = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Who a client is at this table, as the room knows it. */
export interface Speaker {
  /** Null for a spectator. */
  seat: number | null;
  name: string;
  identityId: string | null;
  host: boolean;
}

export interface ChatTable {
  roomId: string;
  game: string;
  variant(): string;
  isPrivate(): boolean;
  clients(): Iterable<Client>;
  speakerOf(client: Client): Speaker | null;
  /** The seat's player, for mute and report (null: no such seat or a bot's). */
  seatHolder(seat: number): { name: string; identityId: string | null } | null;
  /** The table's recorded moves (the journal), newest last. */
  moves(): Promise<LogEntry[]>;
  refuse(client: Client, code: string, params?: Record<string, MsgParam>): void;
}

interface Kept { line: ChatLine; author: string }

interface Reader {
  /** Author keys (identity ids, or `seat:N` for a seat without identity) this reader muted. */
  muted: Set<string>;
  /** Lines held back until the reader's stored mutes are known (then checked again). */
  waiting: Kept[] | null;
  /** The identity whose stored mutes are still to read: at a table where nobody has spoken yet they are read with its first line. */
  mutesOf: string | null;
  bucket: TokenBucket;
  textBucket: TokenBucket;
  reported: Set<number>;
}

export class TableChat {
  private readonly kept: Record<ChatChannel, Kept[]> = { table: [], spectators: [] };
  private readonly readers = new WeakMap<Client, Reader>();
  private next = 1;
  private textOn = false;
  private reports = 0;

  constructor(private readonly table: ChatTable, private readonly store: SocialStore) {}

  /** Free text is possible here at all (the host may still have it off). */
  get textAllowed(): boolean {
    return this.table.isPrivate() && !isKidsTable(this.table.game, this.table.variant());
  }

  /** A client sat down or came to watch: its stored mutes, then what it may read of the kept lines. */
  joined(client: Client): void {
    const now = Date.now();
    const identityId = this.table.speakerOf(client)?.identityId ?? null;
    const reader: Reader = {
      muted: new Set(), waiting: null, mutesOf: null, bucket: new TokenBucket(5, 1, now), textBucket: new TokenBucket(3, 0.2, now), reported: new Set(),
    };
    this.readers.set(client, reader);
    client.send('chat_config', { text: this.textAllowed && this.textOn });
    // Mutes only filter lines: most tables never get one (every table of a tournament round), and
    // a read per seat taken was a store query per join. They are read with the table's first line.
    if (identityId !== null && this.kept.table.length + this.kept.spectators.length === 0) {
      reader.mutesOf = identityId;
      client.send('chat_history', []);
      return;
    }
    this.readMutes(client, reader, identityId, true);
  }

  /** Reads the reader's stored mutes; meanwhile new lines wait, then each is checked again (and the kept lines sent, `withHistory`). */
  private readMutes(client: Client, reader: Reader, identityId: string | null, withHistory: boolean): void {
    reader.mutesOf = null;
    reader.waiting ??= [];
    const load = identityId ? this.store.listMutes(identityId) : Promise.resolve([]);
    load.catch((error: unknown) => {
      logger.warn({ room: this.table.roomId, err: error }, 'chat: reading mutes failed');
      return [] as string[];
    }).then((muted) => {
      for (const id of muted) reader.muted.add(id);
      const held = reader.waiting ?? [];
      reader.waiting = null;
      const history = withHistory ? [...this.kept.table, ...this.kept.spectators].filter((k) => this.mayRead(client, k)).map((k) => k.line).sort((a, b) => a.n - b.n) : [];
      if (withHistory) client.send('chat_history', history);
      for (const kept of held) if (!history.includes(kept.line) && this.mayRead(client, kept)) client.send('chat', kept.line);
    }, () => undefined);
  }

  /** The players' channel as the replay keeps it. */
  publicLines(): ChatLine[] {
    return this.kept.table.map((k) => k.line);
  }

  async onChat(client: Client, message: unknown): Promise<void> {
    const parsed = chatMessage.safeParse(message);
    if (!parsed.success) return this.table.refuse(client, ErrorCodes.badMessage);
    const speaker = this.table.speakerOf(client);
    const reader = this.readers.get(client);
    if (!speaker || !reader) return this.table.refuse(client, ErrorCodes.notSeated);
    const now = Date.now();
    const input = parsed.data;
    const channel: ChatChannel = speaker.seat === null ? 'spectators' : 'table';
    let text: string | undefined;
    if ('text' in input) {
      if (!this.textAllowed || !this.textOn) return this.table.refuse(client, this.textAllowed ? 'chat_text_off' : 'chat_text_not_here');
      if (speaker.seat === null) return this.table.refuse(client, 'chat_text_off');
      const verdict = checkText(input.text, CHAT_TEXT_MAX);
      if (!verdict.ok) return this.table.refuse(client, verdict.code, verdict.code === 'chat_bad_text' ? { max: CHAT_TEXT_MAX } : undefined);
      if (!reader.textBucket.take(now)) return this.table.refuse(client, 'chat_too_fast');
      if (speaker.identityId) {
        const refused = await silenced(this.store, speaker.identityId, now);
        if (refused) return this.table.refuse(client, refused.code, refused.params);
      }
      text = verdict.text;
    } else if (!reader.bucket.take(now)) {
      return this.table.refuse(client, 'chat_too_fast');
    }
    const line: ChatLine = { n: this.next++, channel, name: speaker.name, at: now };
    if (speaker.seat !== null) line.seat = speaker.seat;
    if ('phrase' in input) line.phrase = input.phrase;
    if ('emoji' in input) line.emoji = input.emoji;
    if (text !== undefined) line.text = text;
    const kept: Kept = { line, author: speaker.identityId ?? (speaker.seat !== null ? `seat:${speaker.seat}` : `spectator:${client.sessionId}`) };
    const list = this.kept[channel];
    list.push(kept);
    if (list.length > CHAT_LINES_KEPT) list.shift();
    for (const other of this.table.clients()) {
      const r = this.readers.get(other);
      if (r?.mutesOf) this.readMutes(other, r, r.mutesOf, false);
      if (!this.mayRead(other, kept)) continue;
      if (r?.waiting) r.waiting.push(kept);
      else other.send('chat', line);
    }
  }

  /** The host of a private table turns free text on or off (never at kids' or public tables). */
  onConfig(client: Client, message: unknown): void {
    const parsed = chatConfigMessage.safeParse(message);
    if (!parsed.success) return this.table.refuse(client, ErrorCodes.badMessage);
    if (parsed.data.text && !this.textAllowed) return this.table.refuse(client, 'chat_text_not_here');
    if (!this.table.speakerOf(client)?.host) return this.table.refuse(client, ErrorCodes.notHost);
    this.textOn = parsed.data.text;
    for (const other of this.table.clients()) other.send('chat_config', { text: this.textOn });
  }

  /** A seated reader acting on another seat (mute, report), or null once refused (not seated, nobody there, itself). */
  private aboutOtherSeat(client: Client, seat: number): { speaker: Speaker; reader: Reader; target: NonNullable<ReturnType<ChatTable['seatHolder']>> } | null {
    const speaker = this.table.speakerOf(client);
    const reader = this.readers.get(client);
    const target = this.table.seatHolder(seat);
    if (!speaker || !reader) {
      this.table.refuse(client, ErrorCodes.notSeated);
      return null;
    }
    if (!target || speaker.seat === seat) {
      this.table.refuse(client, 'no_player_there', { seat: `@${seat}` });
      return null;
    }
    return { speaker, reader, target };
  }

  async onMute(client: Client, message: unknown): Promise<void> {
    const parsed = muteMessage.safeParse(message);
    if (!parsed.success) return this.table.refuse(client, ErrorCodes.badMessage);
    const about = this.aboutOtherSeat(client, parsed.data.seat);
    if (!about) return;
    const { speaker, reader, target } = about;
    const key = target.identityId ?? `seat:${parsed.data.seat}`;
    if (speaker.identityId && target.identityId) {
      const stored = await this.store.setMute(speaker.identityId, target.identityId, parsed.data.muted, Date.now(), MUTES_MAX);
      if (!stored) return this.table.refuse(client, 'too_many_mutes', { max: MUTES_MAX });
    }
    if (parsed.data.muted) reader.muted.add(key);
    else reader.muted.delete(key);
    client.send('muted', { seat: parsed.data.seat, muted: parsed.data.muted });
  }

  async onReport(client: Client, message: unknown): Promise<void> {
    const parsed = reportMessage.safeParse(message);
    if (!parsed.success) return this.table.refuse(client, ErrorCodes.badMessage);
    const about = this.aboutOtherSeat(client, parsed.data.seat);
    if (!about) return;
    const { speaker, reader, target } = about;
    if (reader.reported.has(parsed.data.seat) || this.reports >= REPORTS_PER_TABLE) return this.table.refuse(client, 'already_reported');
    const now = Date.now();
    if (speaker.identityId && await this.store.countReportsSince(speaker.identityId, now - DAY_MS) >= REPORTS_PER_DAY) {
      return this.table.refuse(client, 'too_many_reports', { max: REPORTS_PER_DAY });
    }
    reader.reported.add(parsed.data.seat);
    this.reports++;
    const chat = [...this.kept.table, ...this.kept.spectators].map((k) => k.line).sort((a, b) => a.n - b.n).slice(-CHAT_LINES_KEPT);
    const moves = (await this.table.moves()).slice(-CHAT_LINES_KEPT);
    await this.store.addReport({
      id: randomUUID(), reporterId: speaker.identityId, reportedId: target.identityId, reportedName: target.name,
      gameId: this.table.roomId, game: this.table.game, reason: parsed.data.reason, chat, moves, createdAt: now,
    });
    client.send('reported', { seat: parsed.data.seat });
  }

  private mayRead(client: Client, kept: Kept): boolean {
    const reader = this.readers.get(client);
    const speaker = this.table.speakerOf(client);
    if (!reader || !speaker) return false;
    if (reader.muted.has(kept.author)) return false;
    if (kept.line.channel === 'spectators') return speaker.seat === null;
    // Players' talk reaches spectators only at public tables.
    return speaker.seat !== null || !this.table.isPrivate();
  }
}
