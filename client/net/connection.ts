/**
 * The client's link to one table: joins, keeps a server-clock estimate, sends actions stamped
 * with server time and the state version seen, owns the visible predictions and rolls them back
 * when the server refuses, and reconnects by itself after a reload or a network drop: with the
 * reconnection token inside the server's window, else by retaking the seat (docs/protocol.md
 * "Retaking a seat": join the table by id with the guest token).
 */
import type { ChatLine } from '../../shared/chat/catalogue.js';
import { Client, type Room } from 'colyseus.js';
import { ClockSync } from './clockSync.js';
import { ActionStamper } from '../../shared/protocol/stamper.js';
import { readTableViews } from '../../shared/wire/registry.js';
import { readLog, type LogEntry, type LogEntryWire, type OptionValueWire, type ResultWire } from '../../shared/wire/table.js';
import type { WireList } from '../../shared/wire/contract.js';
import { adoptIdentity, api, ensureIdentity, identityToken, type Identity } from './identity.js';
import { CLOSE_SEAT_TAKEN_OVER, CLOSE_TABLE_MOVED, type ErrorMessage, type PongMessage } from '../../shared/protocol/messages.js';
import { isMsg, msg, type Msg } from '../../shared/i18n/msg.js';
import { httpErrorMsg, joinErrorMsg, JoinError } from './joinErrors.js';
import { resyncOnDecodeFailure } from './decodeGuard.js';

const TOKEN_KEY = 'junction.reconnect';
/** The table this tab sits at: after the reconnection window, the seat is retaken by its id. */
const TABLE_KEY = 'junction.table';
/** Set when this tab watches the table: it comes back as a spectator, never takes a seat. */
const SPECTATOR_KEY = 'junction.spectator';
/** A table moving to another process answers "not found" (or 4213) for a few seconds: try again. */
const RETAKE_TRIES = 4;
const RETAKE_PAUSE_MS = 1500;

/** A refused message or action: `msg` is what to show (formatMsg), `id` the refused action's. */
export interface Refusal { code: string; msg: Msg; id?: number }
/** An event only this seat may see (public events are in the state's `log`). */
export interface PrivateEvent { type: string; msg: Msg }
/** The server opened the same table again: join `roomId` to play the rematch. */
export interface RematchOffer { roomId: string; by: number }
export type Rollback = () => void;

/** The decoded table state (server/state/TableState.ts); `table` and `secret` are read with shared/wire. */
export interface TableRoomState {
  game: string; variant: string; code: string; phase: string; seats: number;
  options: { forEach(cb: (value: OptionValueWire, key: string) => void): void };
  players: Map<string, PlayerView> & { forEach(cb: (p: PlayerView, key: string) => void): void };
  spectators: number; version: number; changedAt: number; table?: unknown; active: number[]; deadline: number;
  autoStartAt: number; log: WireList<LogEntryWire>; logShapes: WireList<string>; logged: number; result?: ResultWire;
  /** Tournament tables while waiting (shared/wire/table.ts readCheckIn). */
  checkInDeadline?: number; waitingFor?: WireList<number>;
}
export interface PlayerView { name: string; seat: number; connected: boolean; bot: boolean; botLevel: string; host: boolean; score: number; secret?: unknown }

export function serverUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}`;
}

export type ChatEvent = { kind: 'line'; line: ChatLine } | { kind: 'history'; lines: ChatLine[] } | { kind: 'config'; text: boolean } | { kind: 'muted'; seat: number; muted: boolean };

export class Connection {
  readonly client = new Client(serverUrl());
  readonly clock = new ClockSync();
  private readonly stamper = new ActionStamper();
  room: Room<TableRoomState> | null = null;
  private nextId = 1;
  private predictions = new Map<number, Rollback>();
  private pingTimer: number | undefined;
  /** This tab joined its table as a spectator (joinById with `spectator`). */
  private watching = false;
  onRefused: (refusal: Refusal) => void = () => undefined;
  /** Private events only (a drawn hand, one's own secret pick); public ones are in `log()`. */
  onEvents: (events: PrivateEvent[]) => void = () => undefined;
  /** `taken_over`: another tab or device of this identity took the seat (close code 4010); no reconnection. */
  onStatus: (status: 'connected' | 'reconnecting' | 'lost' | 'taken_over') => void = () => undefined;
  onNotice: (message: Msg) => void = () => undefined;
  /** The table was opened again after the result (someone asked for a rematch). */
  onRematch: (offer: RematchOffer) => void = () => undefined;
  onState: () => void = () => undefined;
  /** Table chat (docs/protocol.md "Table chat"): lines, the kept history on joining, whether free text is on. */
  onChat: (event: ChatEvent) => void = () => undefined;

  /** Every join below throws a JoinError whose `msg` says why, in the player's language. */
  async quickPlay(game: string, options: Record<string, unknown>): Promise<void> {
    this.watching = false;
    this.attach(await joining(async () => this.client.joinOrCreate<TableRoomState>(game, await withToken(options))));
  }

  async createPrivate(game: string, options: Record<string, unknown>): Promise<void> {
    this.watching = false;
    this.attach(await joining(async () => this.client.create<TableRoomState>(game, await withToken({ ...options, private: true }))));
  }

  async joinByCode(code: string, options: Record<string, unknown>): Promise<void> {
    const res = await fetch(`/api/rooms/code/${encodeURIComponent(code)}`);
    if (!res.ok) throw new JoinError(httpErrorMsg(res.status, await res.json().catch(() => ({}))));
    const { roomId } = (await res.json()) as { roomId: string };
    await this.joinById(roomId, options);
  }

  async joinById(roomId: string, options: Record<string, unknown>): Promise<void> {
    this.watching = options.spectator === true;
    this.attach(await joining(async () => this.client.joinById<TableRoomState>(roomId, await withToken(options))));
  }

  /** After the result: ask for the same table again (the answer comes as `onRematch`). */
  requestRematch(): void {
    this.room?.send('rematch');
  }

  /** Leave this table and take the seat kept for us at the rematch table. */
  async acceptRematch(offer: RematchOffer, options: Record<string, unknown>): Promise<void> {
    const old = this.room;
    this.room = null;
    forgetTable();
    window.clearInterval(this.pingTimer);
    await old?.leave(true).catch(() => undefined);
    await this.joinById(offer.roomId, options);
  }

  /** The public events the table state holds (the last 30), oldest first. */
  log(): LogEntry[] {
    return this.room?.state ? readLog(this.room.state) : [];
  }

  /** After a reload: go back to the table this tab was seated at, if it still holds our seat. */
  async resume(): Promise<boolean> {
    if (await this.reconnectOnce()) return true;
    forgetTable();
    return false;
  }

  /**
   * Take our seat back at a table (Your games' Resume, or after the reconnection window): join it
   * by id with the guest token. A table moving to another process is "not found" for a moment.
   */
  async retake(roomId: string, options: Record<string, unknown> = {}): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.joinById(roomId, options);
      } catch (error) {
        if (attempt >= RETAKE_TRIES || !(error instanceof JoinError) || !(movedTable(error) || error.msg.key === 'server:error.table_sleeping')) throw error;
        // A turn-based table may be asleep in the store: ask for it to be woken (issue 25), then join again.
        await api('POST', `/games/${encodeURIComponent(roomId)}/wake`).catch(() => undefined);
        await pause(RETAKE_PAUSE_MS);
      }
    }
  }

  /** The reconnection token inside the window, else the table's id with the guest token. */
  private async reconnectOnce(moved = false): Promise<boolean> {
    const token = sessionStorage.getItem(TOKEN_KEY);
    const table = sessionStorage.getItem(TABLE_KEY);
    const spectator = sessionStorage.getItem(SPECTATOR_KEY) === '1';
    this.watching = spectator;
    // A moved table (4011) is a new room elsewhere: the old reconnection token cannot work there.
    if (token && !moved) {
      try {
        this.attach(await this.client.reconnect<TableRoomState>(token));
        return true;
      } catch {
        // past the window, or the table moved: retake the seat by id below
      }
    }
    if (!table) return false;
    if (spectator) {
      try {
        await this.retake(table, { spectator: true });
        return true;
      } catch {
        return false;
      }
    }
    if (!identityToken()) return false;
    try {
      await this.retake(table);
      return true;
    } catch {
      return false;
    }
  }

  get sessionId(): string {
    return this.room?.sessionId ?? '';
  }

  /** The engine's views as this client holds them (typed schema read back), null before the game starts. */
  views(): { publicView: unknown; seatView: unknown } | null {
    return this.room?.state ? readTableViews(this.room.state, this.room.sessionId) : null;
  }

  /**
   * Send a game action. `predict` shows the move at once and returns how to undo it; the undo
   * runs (visibly) if the server refuses the action.
   */
  act(action: unknown, predict?: () => Rollback): number {
    const id = this.nextId++;
    if (predict) this.predictions.set(id, predict());
    this.room?.send('action', { id, a: action, t: this.actionStamp(), v: this.room.state.version });
    return id;
  }

  private actionStamp(now = Date.now()): number {
    return this.stamper.stamp(now, this.clock.serverNow(now));
  }

  private noteVersion(): void {
    const state = this.room?.state;
    if (state) this.stamper.noteState(state.version, state.changedAt, Date.now());
  }

  send(type: string, message: unknown = {}): void {
    this.room?.send(type, message);
  }

  async leave(): Promise<void> {
    forgetTable();
    window.clearInterval(this.pingTimer);
    // colyseus.js resolves leave() on the room's onLeave, which never comes again once the server closed it (4010, lost).
    await Promise.race([this.room?.leave(true).catch(() => undefined), pause(2000)]);
    this.room = null;
  }

  private attach(room: Room<TableRoomState>): void {
    this.room = room;
    sessionStorage.setItem(TOKEN_KEY, room.reconnectionToken);
    sessionStorage.setItem(TABLE_KEY, room.roomId);
    if (this.watching) sessionStorage.setItem(SPECTATOR_KEY, '1');
    else sessionStorage.removeItem(SPECTATOR_KEY);
    room.onMessage('pong', (m: PongMessage) => {
      // Echo at once: the room times this round trip itself to size our race allowance.
      room.send('echo', { n: m.n });
      this.clock.addSample(m.c, m.s, Date.now());
    });
    room.onMessage('ack', (m: { id: number }) => { this.predictions.delete(m.id); });
    room.onMessage('error', (m: ErrorMessage) => {
      if (m.id !== undefined) {
        this.predictions.get(m.id)?.();
        this.predictions.delete(m.id);
      }
      const refused: Refusal = { code: m.code, msg: msg(typeof m.key === 'string' ? m.key : `server:error.${m.code}`, m.params) };
      if (m.id !== undefined) refused.id = m.id;
      this.onRefused(refused);
    });
    room.onMessage('events', (events: PrivateEvent[]) => this.onEvents(events.filter((e) => isMsg(e.msg))));
    room.onMessage('identity', (m: { token: string; identity: Identity }) => adoptIdentity(m));
    // The take-over is told once, by onStatus('taken_over') when the socket closes with 4010.
    room.onMessage('notice', (m: Msg) => { if (isMsg(m) && m.key !== 'server:notice.seat_taken_over') this.onNotice(m); });
    room.onMessage('rematch', (m: RematchOffer) => this.onRematch(m));
    room.onMessage('chat', (line: ChatLine) => this.onChat({ kind: 'line', line }));
    room.onMessage('chat_history', (lines: ChatLine[]) => this.onChat({ kind: 'history', lines: Array.isArray(lines) ? lines : [] }));
    room.onMessage('chat_config', (m: { text?: unknown }) => this.onChat({ kind: 'config', text: m?.text === true }));
    room.onMessage('muted', (m: { seat?: unknown; muted?: unknown }) => {
      if (typeof m?.seat === 'number') this.onChat({ kind: 'muted', seat: m.seat, muted: m.muted === true });
    });
    room.onMessage('reported', () => undefined);
    room.onStateChange(() => { this.noteVersion(); this.onState(); });
    // A patch the decoder could not place: report it and reconnect for a full state (decodeGuard.ts).
    resyncOnDecodeFailure(room);
    room.onLeave((code) => {
      window.clearInterval(this.pingTimer);
      if (this.room !== room) return; // left on purpose (rematch, Leave)
      if (code === CLOSE_SEAT_TAKEN_OVER) {
        // The other tab has the seat now: fighting back would only bounce it between the two.
        forgetTable();
        this.onStatus('taken_over');
        return;
      }
      if (code === 1000 || code === 4000) return;
      void this.reconnectLoop(code === CLOSE_TABLE_MOVED);
    });
    this.syncClock();
    this.onStatus('connected');
  }

  private syncClock(): void {
    const ping = () => this.room?.send('ping', { c: Date.now() });
    for (let i = 0; i < 4; i++) window.setTimeout(ping, i * 150);
    window.clearInterval(this.pingTimer);
    this.pingTimer = window.setInterval(ping, 5000);
  }

  private async reconnectLoop(moved = false): Promise<void> {
    this.onStatus('reconnecting');
    for (let attempt = 0; attempt < 20; attempt++) {
      await pause(Math.min(5000, 500 * (attempt + 1)));
      if (await this.reconnectOnce(moved)) {
        this.onState();
        return;
      }
    }
    this.onStatus('lost');
  }
}

function forgetTable(): void {
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(TABLE_KEY);
  sessionStorage.removeItem(SPECTATOR_KEY);
}

/** Colyseus' "room not found" (4212) or "process gone" (4213, pitfall 8): the table may be reopening elsewhere. */
function movedTable(error: JoinError): boolean {
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return code === 4212 || code === 4213;
}

const pause = (ms: number) => new Promise((r) => window.setTimeout(r, ms));

async function joining<T>(join: () => Promise<T>): Promise<T> {
  try {
    return await join();
  } catch (error) {
    throw new JoinError(joinErrorMsg(error), error);
  }
}

const IDENTITY_WAIT_MS = 3000;

/**
 * Every seat is taken as this browser's guest identity. A first visit may click before the guest
 * exists: wait for it a moment, and sit anonymously only if the server cannot give one.
 */
async function withToken(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (!identityToken()) {
    await Promise.race([ensureIdentity().catch(() => undefined), new Promise((r) => setTimeout(r, IDENTITY_WAIT_MS))]);
  }
  const token = identityToken();
  return token ? { ...options, token } : options;
}
