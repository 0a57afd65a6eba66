/**
 * Live tournament updates as Server-Sent Events.
 *
 * Every change the service makes is announced on the presence channel
 * `junction:tournament:<id>` (LocalPresence in one process, Redis across processes); the message is
 * only the tournament id, never a seat. Each process subscribes once per tournament that has
 * streams open on it, and on an announcement re-reads the tournament once for all its streams
 * (coalesced: at most one read per COALESCE_MS, and one at a time, so frames never arrive out of
 * order) and writes to
 *  - public viewers (GET /api/tournaments/:id/events): `event: tournament`, the public view;
 *  - players (GET /api/tournaments/:id/me/events, with the player token): `event: me`, that
 *    player's own view (server/tournament/playerView.ts: table, room id, seat id), to that
 *    player's responses only.
 * A stream gets a frame when it opens and then only when its content changed. Public viewers get
 * at most one frame per PUBLIC_INTERVAL_MS (the last state always follows): their frame is the
 * whole tournament, ≈ 0.5 MB on a night of 1,024 players, and tables change many times a second
 * while a round opens (50 viewers took 19 MB/s from two processes, issue 31). A player's own
 * frame is small and says "your table is ready": it keeps COALESCE_MS.
 * One client address may hold at most `perAddress` streams in this process (all tournaments
 * together): without that, one address could take every viewer slot of a tournament.
 */
import type { Request, Response } from 'express';
import type { Presence } from '@colyseus/core';
import type { TournamentService, TournamentView } from './service.js';
import type { PlayerView } from './playerView.js';
import { logger } from '../ops/logger.js';

export const channelOf = (tournamentId: string): string => `junction:tournament:${tournamentId}`;

const COALESCE_MS = 100;
const PUBLIC_INTERVAL_MS = 1_000;
const KEEPALIVE_MS = 25_000;
const MAX_VIEWERS_PER_TOURNAMENT = 2_000;
const MAX_PLAYER_STREAMS_PER_TOURNAMENT = 10_000;

interface Stream {
  /** null: a public viewer; else the seat id of the player whose view it gets. */
  playerId: string | null;
  /** The last frame written, so that only changes are sent. */
  last: string;
}

interface Hub {
  streams: Map<Response, Stream>;
  listener: () => void;
  timer: NodeJS.Timeout | null;
  /** A refresh is running; `again`: another change came in meanwhile. */
  running: boolean;
  again: boolean;
  /** When the public frame was last rendered for every viewer, and the refresh that will send the one held back since. */
  publicAt: number;
  publicTimer: NodeJS.Timeout | null;
}

/** Every player's own view, from one read of the tournament. */
export type RenderPlayers = (view: TournamentView) => (playerId: string) => PlayerView;

export class LiveTournaments {
  private readonly hubs = new Map<string, Hub>();
  private readonly publishTimers = new Map<string, NodeJS.Timeout>();
  private readonly keepalive: NodeJS.Timeout;
  private readonly unsubscribeService: () => void;
  /** Open streams per client address (entries only while some are open). */
  private readonly byAddress = new Map<string, number>();

  constructor(
    private readonly presence: Presence,
    private readonly service: TournamentService,
    private readonly renderPublic: (view: TournamentView) => unknown,
    private readonly renderPlayers: RenderPlayers,
    private readonly perAddress: number,
  ) {
    // Announce changes (coalesced per tournament: one change often emits several times).
    this.unsubscribeService = service.onChange((id) => {
      if (this.publishTimers.has(id)) return;
      const timer = setTimeout(() => {
        this.publishTimers.delete(id);
        Promise.resolve(this.presence.publish(channelOf(id), { id, at: Date.now() }))
          .catch((error: unknown) => logger.warn({ err: error }, 'tournament: publish failed'));
      }, COALESCE_MS / 2);
      timer.unref();
      this.publishTimers.set(id, timer);
    });
    this.keepalive = setInterval(() => {
      for (const hub of this.hubs.values()) for (const res of hub.streams.keys()) res.write(': keep-alive\n\n');
    }, KEEPALIVE_MS);
    this.keepalive.unref();
  }

  /** Streams `event: tournament` (the public view) now and after every change, until the client goes. */
  async attach(tournamentId: string, req: Request, res: Response): Promise<void> {
    if (this.count(tournamentId, false) >= MAX_VIEWERS_PER_TOURNAMENT) {
      res.status(503).json({ error: 'Too many live viewers: poll GET /api/tournaments/:id instead.', code: 'too_many_viewers' });
      return;
    }
    if (!this.admit(req, res)) return;
    await this.open(tournamentId, null, req, res);
  }

  /** Streams `event: me` (that player's own view) now and whenever it changes, until the client goes. */
  async attachPlayer(tournamentId: string, playerId: string, req: Request, res: Response): Promise<void> {
    if (this.count(tournamentId, true) >= MAX_PLAYER_STREAMS_PER_TOURNAMENT) {
      res.status(503).json({ error: 'Too many live streams: poll GET /api/tournaments/:id/me instead.', code: 'too_many_viewers' });
      return;
    }
    if (!this.admit(req, res)) return;
    await this.open(tournamentId, playerId, req, res);
  }

  /** Counts the stream against its address until the client goes, or answers 429 when the address has its share. */
  private admit(req: Request, res: Response): boolean {
    const address = req.ip ?? 'unknown';
    const open = this.byAddress.get(address) ?? 0;
    if (open >= this.perAddress) {
      res.status(429).json({ error: `Too many live streams from your address (at most ${this.perAddress}): close some pages.`, code: 'too_many_streams', params: { max: this.perAddress } });
      return false;
    }
    this.byAddress.set(address, open + 1);
    res.once('close', () => {
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    });
    return true;
  }

  async close(): Promise<void> {
    clearInterval(this.keepalive);
    this.unsubscribeService();
    for (const timer of this.publishTimers.values()) clearTimeout(timer);
    this.publishTimers.clear();
    for (const [id, hub] of this.hubs) {
      if (hub.timer) clearTimeout(hub.timer);
      if (hub.publicTimer) clearTimeout(hub.publicTimer);
      for (const res of hub.streams.keys()) res.end();
      await this.presence.unsubscribe(channelOf(id), hub.listener);
    }
    this.hubs.clear();
  }

  private count(tournamentId: string, players: boolean): number {
    let n = 0;
    for (const s of this.hubs.get(tournamentId)?.streams.values() ?? []) if ((s.playerId !== null) === players) n++;
    return n;
  }

  private async open(tournamentId: string, playerId: string | null, req: Request, res: Response): Promise<void> {
    res.status(200).set({
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write('retry: 3000\n\n');
    let hub = this.hubs.get(tournamentId);
    if (!hub) {
      const created: Hub = { streams: new Map(), timer: null, running: false, again: false, publicAt: 0, publicTimer: null, listener: () => this.schedule(tournamentId) };
      hub = created;
      this.hubs.set(tournamentId, created);
      await this.presence.subscribe(channelOf(tournamentId), created.listener);
    }
    hub.streams.set(res, { playerId, last: '' });
    req.on('close', () => this.detach(tournamentId, res));
    await this.refresh(hub, tournamentId);
  }

  private detach(tournamentId: string, res: Response): void {
    const hub = this.hubs.get(tournamentId);
    if (!hub) return;
    hub.streams.delete(res);
    if (hub.streams.size > 0) return;
    if (hub.timer) clearTimeout(hub.timer);
    if (hub.publicTimer) clearTimeout(hub.publicTimer);
    this.hubs.delete(tournamentId);
    void Promise.resolve(this.presence.unsubscribe(channelOf(tournamentId), hub.listener)).catch(() => undefined);
  }

  private schedule(tournamentId: string): void {
    const hub = this.hubs.get(tournamentId);
    if (!hub || hub.timer) return;
    hub.timer = setTimeout(() => {
      hub.timer = null;
      void this.refresh(hub, tournamentId);
    }, COALESCE_MS);
    hub.timer.unref();
  }

  /** Reads the tournament and writes every stream whose frame changed; one read at a time per hub. */
  private async refresh(hub: Hub, tournamentId: string): Promise<void> {
    if (hub.running) {
      hub.again = true;
      return;
    }
    hub.running = true;
    try {
      do {
        hub.again = false;
        await this.write(hub, tournamentId);
      } while (hub.again && this.hubs.get(tournamentId) === hub);
    } finally {
      hub.running = false;
    }
  }

  private async write(hub: Hub, tournamentId: string): Promise<void> {
    const streams = [...hub.streams];
    const viewers = streams.filter(([, s]) => s.playerId === null);
    const needsPlayers = streams.length > viewers.length;
    // Every viewer when the interval has passed, else only those who have had no frame yet.
    const publicDue = Date.now() - hub.publicAt >= PUBLIC_INTERVAL_MS;
    const servedViewers = publicDue ? viewers : viewers.filter(([, s]) => s.last === '');
    if (!publicDue && servedViewers.length < viewers.length) this.holdPublic(hub, tournamentId);
    if (!needsPlayers && servedViewers.length === 0) return;
    try {
      const view = await this.service.get(tournamentId);
      if (servedViewers.length > 0) {
        const frame = `event: tournament\ndata: ${JSON.stringify(view && this.renderPublic(view))}\n\n`;
        if (publicDue) hub.publicAt = Date.now();
        for (const [res, stream] of servedViewers) this.send(res, stream, frame);
      }
      const viewOf = needsPlayers && view ? this.renderPlayers(view) : null;
      if (viewOf) {
        for (const [res, stream] of streams) {
          if (stream.playerId !== null) this.send(res, stream, `event: me\ndata: ${JSON.stringify(viewOf(stream.playerId))}\n\n`);
        }
      }
    } catch (error) {
      logger.warn({ err: error }, 'tournament: live update failed');
    }
  }

  /** Refreshes once the public interval has passed, so that viewers get the state held back now. */
  private holdPublic(hub: Hub, tournamentId: string): void {
    if (hub.publicTimer) return;
    hub.publicTimer = setTimeout(() => {
      hub.publicTimer = null;
      if (this.hubs.get(tournamentId) === hub) void this.refresh(hub, tournamentId);
    }, Math.max(0, hub.publicAt + PUBLIC_INTERVAL_MS - Date.now()));
    hub.publicTimer.unref();
  }

  /** Writes `frame` unless the stream has it already (or has ended). */
  private send(res: Response, stream: Stream, frame: string): void {
    if (res.writableEnded || frame === stream.last) return;
    stream.last = frame;
    res.write(frame);
  }
}
