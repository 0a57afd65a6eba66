/**
 * Tournament players as raw seats (rawSeat.ts), for `bench -- tournament --generator raw`: each
 * joins its reserved seat when its table is ready and plays it with the game's view bot, like
 * RawTables' seats. Every seat decodes its own frames with a bare schema decoder (a tournament
 * variant such as Railway Express never flips a card, so its bot needs the seat's own train), far
 * cheaper than colyseus.js with its callbacks, so a night of 1,024 players measures the servers'
 * join path rather than this process. The table's first seat to arrive keeps the stamps.
 */
import type { AnyGame } from '../../shared/games/contract.js';
import { ActionStamper } from '../../shared/protocol/stamper.js';
import { Rng } from '../../shared/random.js';
import { RawSeat, reserveSeat } from './rawSeat.js';
import { PlayingSeat, TableViews, type DecodedTable } from './rawTables.js';

interface Table { views: Promise<TableViews>; finished: boolean }

/** When a join's steps ended (Date.now()): the seat reservation answered, the websocket joined. */
export interface JoinSteps { reservedAt: number; joinedAt: number }

export class RawTournamentSeats {
  readonly seats: PlayingSeat[] = [];
  private readonly tables = new Map<string, Table>();
  private seed = 1;

  constructor(private readonly game: AnyGame, private readonly thinkMs: [number, number] = [150, 600]) {}

  /** Joins the reserved seat of `playerId` at `roomId` on `httpBase` and plays it until the table ends. */
  async join(httpBase: string, roomId: string, options: { name: string; playerId: string }, steps?: Partial<JoinSteps>): Promise<void> {
    const p = new PlayingSeat(new Rng(this.seed++), this.thinkMs);
    const first = !this.tables.has(roomId);
    let found!: (views: TableViews) => void;
    let failed!: (error: unknown) => void;
    if (first) {
      const views = new Promise<TableViews>((resolve, reject) => { found = resolve; failed = reject; });
      views.catch(() => undefined); // the first seat reports its own failure; the others' await rejects too
      this.tables.set(roomId, { views, finished: false });
    }
    const table = this.tables.get(roomId)!;
    const stamper = new ActionStamper();
    let state: DecodedTable | null = null;
    const onState = () => {
      stamper.noteState(state!.version, state!.changedAt, Date.now());
      if (state!.phase === 'finished') table.finished = true;
    };
    try {
      // rawSeat.joinRaw's two steps, timed apart: the reservation (matchmake HTTP) and the websocket join.
      const reservation = await reserveSeat(httpBase, 'joinById', roomId, options);
      if (steps) steps.reservedAt = Date.now();
      p.seat = new RawSeat(reservation, true, (type, m) => p.outcome(type, m), first ? onState : undefined, (code) => {
        if (!table.finished) p.stats.errors.push(`left:${code}`);
        p.stop();
      });
      const publicAddress = reservation.room.publicAddress;
      await p.seat.connect(publicAddress ? `ws://${publicAddress}` : httpBase.replace(/^http/, 'ws'), reservation.room.processId);
      if (steps) steps.joinedAt = Date.now();
    } catch (error) {
      if (first) {
        this.tables.delete(roomId);
        failed(error);
      }
      throw error;
    }
    if (first) {
      state = p.seat.decoder!.state as unknown as DecodedTable;
      found(new TableViews(this.game, state, stamper));
    }
    const views = await table.views;
    this.seats.push(p);
    p.play(views.deciderFor(p.seat), views.stamp);
  }

  /** Whether the seats of the table at `roomId` saw its game end (null: no seat of this generator joined it). */
  sawEnd(roomId: string): boolean | null {
    const table = this.tables.get(roomId);
    return table ? table.finished : null;
  }

  async stop(): Promise<void> {
    for (const p of this.seats) p.stop();
    await Promise.all(this.seats.map((p) => p.seat.leave()));
  }
}
