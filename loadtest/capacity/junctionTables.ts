/**
 * Keeps N Junction clients playing: tables of 4 colyseus.js load players (the game's view bot),
 * and a table whose game ends is replaced by a new one, so the load stays at N clients for the
 * whole measurement (the new table's joins are part of the load, as in a real arena).
 */
import type { AnyGame } from '../../shared/games/contract.js';
import { LoadPlayer } from '../playerClient.js';

export class JunctionTables {
  /** Every player this run made, finished tables too (their stats are read after the window). */
  readonly players: LoadPlayer[] = [];
  /** Tables that could not be created or joined. */
  readonly joinErrors: string[] = [];
  private stopped = false;
  private stopResolve!: () => void;
  private readonly stopping = new Promise<void>((resolve) => { this.stopResolve = resolve; });
  private loops: Promise<void>[] = [];
  private seed = 1;
  private readonly ready: Promise<void>[] = [];

  constructor(private readonly endpoint: string, private readonly game: AnyGame, private readonly seats = 4) {}

  /** Resolves when every first table has started. */
  start(clients: number): Promise<void> {
    const tables = Math.ceil(clients / this.seats);
    for (let t = 0; t < tables; t++) {
      let firstStarted!: () => void;
      this.ready.push(new Promise<void>((resolve) => { firstStarted = resolve; }));
      this.loops.push(this.keepTable(t, firstStarted));
    }
    return Promise.all(this.ready).then(() => undefined);
  }

  private async keepTable(t: number, firstStarted: () => void): Promise<void> {
    for (let round = 0; !this.stopped; round++) {
      const table: LoadPlayer[] = [];
      try {
        const host = new LoadPlayer(this.endpoint, this.game, this.seed++);
        table.push(host);
        await host.create({ name: `host${t}`, variant: this.game.defaultVariant, players: this.seats });
        for (let s = 1; s < this.seats; s++) {
          const p = new LoadPlayer(this.endpoint, this.game, this.seed++);
          table.push(p);
          await p.joinById(host.room.roomId, `p${t}.${round}.${s}`);
        }
        host.room.send('start', {});
        this.players.push(...table);
        firstStarted();
        await Promise.race([Promise.all(table.map((p) => p.finished)), this.stopping]);
      } catch (error) {
        if (!this.stopped) this.joinErrors.push(`join:${error instanceof Error ? error.message : String(error)}`);
        firstStarted();
        await Promise.race([new Promise((r) => setTimeout(r, 1000)), this.stopping]);
      } finally {
        await Promise.all(table.map((p) => p.leave()));
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopResolve();
    await Promise.all(this.loops);
  }
}
