/**
 * Who sits where at one table: humans, bots, tournament reservations, the host, and seats whose
 * player is away (a bot plays them after the grace period). It writes the synchronised
 * `players` map; identities stay beside it (SeatIdentities), never on the wire.
 */
import type { MapSchema } from '@colyseus/schema';
import type { BotLevel, Seat } from '../../shared/games/contract.js';
import { PlayerState } from '../state/TableState.js';
import { SeatIdentities, type SeatAuth } from '../identity/seats.js';
import type { TournamentSeatingInput } from './tournamentSeating.js';

export class Seating {
  readonly identities = new SeatIdentities<PlayerState>();
  private readonly absentSince = new Map<string, number>();
  /** Seats whose player resigned (or left a running game): last place in the result. */
  private readonly resigned = new Set<Seat>();
  private botSerial = 0;

  constructor(private readonly players: MapSchema<PlayerState>, private readonly tableId: string) {}

  /** Seats taken, by humans (present or away), bots and reservations. */
  get taken(): number {
    return this.players.size;
  }

  nextFreeSeat(): number {
    const taken = new Set([...this.players.values()].map((p) => p.seat));
    let seat = 0;
    while (taken.has(seat)) seat++;
    return seat;
  }

  /** Keep seats 0..n-1 without gaps while the table is waiting. */
  compact(): void {
    [...this.players.values()].sort((a, b) => a.seat - b.seat).forEach((p, i) => { p.seat = i; });
  }

  hasHost(): boolean {
    return [...this.players.values()].some((p) => p.host);
  }

  passHost(): void {
    const next = [...this.players.entries()].find(([, p]) => !p.bot && p.connected);
    if (next) next[1].host = true;
  }

  addBot(level: BotLevel, seat = this.nextFreeSeat()): PlayerState {
    const bot = new PlayerState();
    bot.bot = true;
    bot.botLevel = level;
    bot.seat = seat;
    bot.name = `Bot ${bot.seat + 1}${level === 'hard' ? ' ★' : ''}`;
    this.players.set(`bot:${this.tableId}:${bot.seat}:${++this.botSerial}`, bot);
    return bot;
  }

  /** The bot at `seat`, removed; false when that seat holds no bot. */
  removeBot(seat: number): boolean {
    const entry = [...this.players.entries()].find(([, p]) => p.bot && p.seat === seat);
    if (!entry) return false;
    this.players.delete(entry[0]);
    this.compact();
    return true;
  }

  /** Tournament tables: every seat reserved for its registrant, away until they join. */
  reserveTournament(t: TournamentSeatingInput, now: number): void {
    t.seats.forEach((s, seat) => {
      const player = new PlayerState();
      player.name = s.name;
      player.seat = seat;
      player.connected = false;
      this.identities.link(player, s.identityId ? { id: s.identityId, display: s.name } : null);
      const key = `reserved:${s.playerId}`;
      this.players.set(key, player);
      this.absentSince.set(key, now);
    });
  }

  /**
   * A table reopened from its journal: bots as bots, each human away and linked to their identity
   * (a bot plays after the usual grace), the seats that resigned resigned again.
   */
  reopen(seats: readonly { seat: number; name: string; bot: boolean; identityId: string | null }[], resigned: Iterable<number>, now: number): void {
    for (const seat of seats) {
      if (seat.bot) this.addBot('easy', seat.seat);
      else this.seatAway(seat.seat, seat.name, seat.identityId ? { id: seat.identityId, display: seat.name } : null, now);
    }
    for (const seat of resigned) {
      const player = [...this.players.values()].find((p) => p.seat === seat && !p.bot);
      if (player) this.resign(player);
    }
  }

  /** One human's seat at a reopened table (issue 24), away and linked to their identity. */
  seatAway(seat: number, name: string, identity: { id: string; display: string } | null, now: number): void {
    const player = new PlayerState();
    player.name = name;
    player.seat = seat;
    player.connected = false;
    this.identities.link(player, identity);
    const key = `away:${this.tableId}:${seat}`;
    this.players.set(key, player);
    this.absentSince.set(key, now);
  }

  hasReservation(playerId: string): boolean {
    return this.players.has(`reserved:${playerId}`);
  }

  /** Tournament seats whose registrant has not sat down yet, in seat order. */
  reservedSeats(): { playerId: string; name: string; seat: number }[] {
    return [...this.players.entries()].filter(([key]) => key.startsWith('reserved:'))
      .map(([key, p]) => ({ playerId: key.slice('reserved:'.length), name: p.name, seat: p.seat }))
      .sort((a, b) => a.seat - b.seat);
  }

  /** A registrant who left a tournament table before it started: the seat is reserved for them again. */
  reserveAgain(sessionId: string, playerId: string, now: number): void {
    const player = this.players.get(sessionId);
    if (!player) return;
    this.players.delete(sessionId);
    this.absentSince.delete(sessionId);
    player.connected = false;
    this.players.set(`reserved:${playerId}`, player);
    this.absentSince.set(`reserved:${playerId}`, now);
  }

  /** Check-in is over: the seats still reserved are no-shows, and their bot plays from now on (no second grace). */
  closeCheckIn(): { playerId: string; seat: number }[] {
    const noShows = this.reservedSeats();
    for (const s of noShows) this.absentSince.set(`reserved:${s.playerId}`, Number.NEGATIVE_INFINITY);
    return noShows.map(({ playerId, seat }) => ({ playerId, seat }));
  }

  /**
   * Seats a joining human: their tournament reservation if they have one, else the next free seat.
   * Only a private table has a host (quick-play tables keep the options they were matched by).
   */
  seatHuman(sessionId: string, join: { name?: string; playerId?: unknown }, auth: SeatAuth | undefined, withHost: boolean): PlayerState {
    const reservedKey = `reserved:${String(join.playerId)}`;
    const reserved = join.playerId !== undefined ? this.players.get(reservedKey) : undefined;
    let player: PlayerState;
    if (reserved) {
      player = reserved;
      this.players.delete(reservedKey);
      player.connected = true;
      player.bot = false;
      this.absentSince.delete(reservedKey);
    } else {
      player = new PlayerState();
      player.name = join.name ?? `Player ${this.taken + 1}`;
      player.seat = this.nextFreeSeat();
    }
    if (!this.identities.of(player)) {
      this.identities.link(player, auth?.identity ?? null);
      if (auth?.identity) player.name = auth.identity.display;
    }
    player.host = withHost && !this.hasHost();
    this.players.set(sessionId, player);
    return player;
  }

  /** True when this identity already holds a seat here (one linked seat per identity and table). */
  holdsIdentity(identityId: string): boolean {
    return this.identities.holds(this.players.values(), identityId);
  }

  /**
   * The seat this identity holds and may take back (any phase), with its key in `players`
   * (a session id, or `reserved:…`); null once given up (a bot plays it for good).
   */
  seatOfIdentity(identityId: string): { key: string; player: PlayerState } | null {
    for (const [key, player] of this.players) {
      if (!player.bot && this.identities.of(player)?.id === identityId) return { key, player };
    }
    return null;
  }

  /** The human at this seat number (any key: a session, an away seat, a reservation); null when a bot plays it for good. */
  humanAtSeat(seat: number): { key: string; player: PlayerState } | null {
    for (const [key, player] of this.players) {
      if (!player.bot && player.seat === seat) return { key, player };
    }
    return null;
  }

  /** The seat under `from` now belongs to the connection `to`, present again. */
  rekey(from: string, to: string): PlayerState | null {
    const player = this.players.get(from);
    if (!player) return null;
    this.players.delete(from);
    this.absentSince.delete(from);
    player.connected = true;
    this.players.set(to, player);
    return player;
  }

  away(sessionId: string, now: number): void {
    const player = this.players.get(sessionId);
    if (player) player.connected = false;
    this.absentSince.set(sessionId, now);
  }

  back(sessionId: string): void {
    const player = this.players.get(sessionId);
    if (player) player.connected = true;
    this.absentSince.delete(sessionId);
  }

  /** A player who left before the start frees the seat; the host role passes on. */
  leaveWaiting(sessionId: string): void {
    const player = this.players.get(sessionId);
    this.players.delete(sessionId);
    this.compact();
    if (player?.host) this.passHost();
  }

  /** Resigned (Resign, or Leave during play): a bot plays the seat to the end, which counts as last. */
  resign(player: PlayerState): void {
    this.resigned.add(player.seat);
    this.replaceByBot(player);
  }

  resignedSeats(): ReadonlySet<Seat> {
    return this.resigned;
  }

  /** Seats still held by a human, present or away (not given up). */
  humans(): number {
    return [...this.players.values()].filter((p) => !p.bot).length;
  }

  /** A player who left a running game for good: a bot plays their seat to the end. */
  replaceByBot(player: PlayerState): void {
    player.bot = true;
    player.botLevel = 'easy';
    player.name = `${player.name} (bot)`;
    if (player.host) { player.host = false; this.passHost(); }
  }

  /**
   * Seats a bot plays now: bots, and seats whose human has been away past the grace period;
   * `wakeAt` is when the next away seat passes it (null when none is waiting to).
   */
  botSeats(now: number, graceMs: number): { seats: Map<Seat, BotLevel>; wakeAt: number | null } {
    const seats = new Map<Seat, BotLevel>();
    let wakeAt: number | null = null;
    for (const [id, p] of this.players) {
      if (p.bot) seats.set(p.seat, p.botLevel === 'hard' ? 'hard' : 'easy');
      else if (!p.connected) {
        const since = this.absentSince.get(id) ?? now;
        if (now - since >= graceMs) seats.set(p.seat, 'easy');
        else wakeAt = Math.min(wakeAt ?? Infinity, since + graceMs);
      }
    }
    return { seats, wakeAt };
  }

  /** Seats linked to a guest identity (a quick-play table with two or more is rated). */
  linkedSeats(): number {
    return [...this.players.values()].filter((p) => this.identities.of(p)).length;
  }

  /** The seats as the action log and the result record them, in seat order. */
  sessionSeats(): { seat: number; name: string; identityId: string | null; bot: boolean }[] {
    return [...this.players.values()].map((p) => ({ seat: p.seat, name: p.name, identityId: this.identities.of(p)?.id ?? null, bot: p.bot }))
      .sort((a, b) => a.seat - b.seat);
  }

  /** Bots that sat here from the start (not players a bot replaced), for a rematch. */
  tableBots(): { seat: number; level: BotLevel }[] {
    return [...this.players.values()].filter((p) => p.bot && !this.identities.of(p) && !p.name.endsWith(' (bot)'))
      .map((p) => ({ seat: p.seat, level: p.botLevel === 'hard' ? 'hard' as const : 'easy' as const }));
  }
}
