/**
 * Live tournament updates as Server-Sent Events (GET /api/tournaments/:id/events).
 *
 * Every change the service makes is announced on the presence channel
 * `junction:tournament:<id>` (LocalPresence in one process, Redis across processes), so a viewer
 * connected to any process hears about changes made by any other. Each process subscribes once
 * per tournament that has viewers, re-reads the public view from the store (coalesced: at most one
 * read per COALESCE_MS) and sends it to all its viewers as `event: tournament`.
 */
import type { Request, Response } from 'express';
import type { Presence } from '@colyseus/core';
import type { TournamentService } from './service.js';
import { logger } from '../ops/logger.js';

export const channelOf = (tournamentId: string): string => `junction:tournament:${tournamentId}`;

const COALESCE_MS = 100;
const KEEPALIVE_MS = 25_000;
const MAX_VIEWERS_PER_TOURNAMENT = 2_000;

interface Hub {
  viewers: Set<Response>;
  listener: () => void;
  timer: NodeJS.Timeout | null;
}

export class LiveTournaments {
  private readonly hubs = new Map<string, Hub>();
  private readonly publishTimers = new Map<string, NodeJS.Timeout>();
  private readonly keepalive: NodeJS.Timeout;
  private readonly unsubscribeService: () => void;

  constructor(
    private readonly presence: Presence,
    service: TournamentService,
    private readonly render: (tournamentId: string) => Promise<unknown>,
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
      for (const hub of this.hubs.values()) for (const res of hub.viewers) res.write(': keep-alive\n\n');
    }, KEEPALIVE_MS);
    this.keepalive.unref();
  }

  /** Streams `event: tournament` (the public view) now and after every change, until the client goes. */
  async attach(tournamentId: string, req: Request, res: Response): Promise<void> {
    let hub = this.hubs.get(tournamentId);
    if (hub && hub.viewers.size >= MAX_VIEWERS_PER_TOURNAMENT) {
      res.status(503).json({ error: 'Too many live viewers: poll GET /api/tournaments/:id instead.' });
      return;
    }
    res.status(200).set({
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write('retry: 3000\n\n');
    if (!hub) {
      const created: Hub = { viewers: new Set(), timer: null, listener: () => this.schedule(tournamentId) };
      hub = created;
      this.hubs.set(tournamentId, created);
      await this.presence.subscribe(channelOf(tournamentId), created.listener);
    }
    hub.viewers.add(res);
    req.on('close', () => this.detach(tournamentId, res));
    await this.send([res], tournamentId);
  }

  async close(): Promise<void> {
    clearInterval(this.keepalive);
    this.unsubscribeService();
    for (const timer of this.publishTimers.values()) clearTimeout(timer);
    this.publishTimers.clear();
    for (const [id, hub] of this.hubs) {
      if (hub.timer) clearTimeout(hub.timer);
      for (const res of hub.viewers) res.end();
      await this.presence.unsubscribe(channelOf(id), hub.listener);
    }
    this.hubs.clear();
  }

  private detach(tournamentId: string, res: Response): void {
    const hub = this.hubs.get(tournamentId);
    if (!hub) return;
    hub.viewers.delete(res);
    if (hub.viewers.size > 0) return;
    if (hub.timer) clearTimeout(hub.timer);
    this.hubs.delete(tournamentId);
    void Promise.resolve(this.presence.unsubscribe(channelOf(tournamentId), hub.listener)).catch(() => undefined);
  }

  private schedule(tournamentId: string): void {
    const hub = this.hubs.get(tournamentId);
    if (!hub || hub.timer) return;
    hub.timer = setTimeout(() => {
      hub.timer = null;
      void this.send([...hub.viewers], tournamentId);
    }, COALESCE_MS);
    hub.timer.unref();
  }

  private async send(viewers: Response[], tournamentId: string): Promise<void> {
    if (viewers.length === 0) return;
    try {
      const view = await this.render(tournamentId);
      const frame = `event: tournament\ndata: ${JSON.stringify(view)}\n\n`;
      for (const res of viewers) if (!res.writableEnded) res.write(frame);
    } catch (error) {
      logger.warn({ err: error }, 'tournament: live update failed');
    }
  }
}
