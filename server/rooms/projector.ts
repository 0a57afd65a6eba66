/**
 * The engine's state as the clients see it: writes the public view into the table, each seat's
 * view into its `secret` (seen only through its owner's StateView), the public events into the log
 * and the private ones to their seats, and the result. It keeps the engine's `GameResult` it wrote
 * (with resignations), which is what the room stores: nothing is read back from the schema.
 */
import type { Client, ClientArray } from '@colyseus/core';
import type { AnyGame, GameEvent, GameResult, Seat } from '../../shared/games/contract.js';
import type { TableState } from '../state/TableState.js';
import type { GameMirror } from '../state/mirror.js';
import { mirrorFor } from '../state/mirrors.js';
import { appendLog, writeResult } from '../state/tableMirror.js';
import { eventMsg } from '../state/messages.js';
import { syncValues } from '../state/sync.js';
import { withResignations } from './resignation.js';

/** Runs `show` once the journal holds everything it recorded (at once when it does). */
export type WhenDurable = (show: () => void) => void;

export class TableProjector {
  private readonly mirror: GameMirror;
  private finalResult: GameResult | null = null;

  constructor(
    private readonly game: AnyGame,
    private readonly state: TableState,
    private readonly clients: () => ClientArray,
    private readonly whenDurable: WhenDurable,
  ) {
    this.mirror = mirrorFor(game.id);
  }

  /** The result as written for the players (resignations counted as losses), once the game ended. */
  get result(): GameResult | null {
    return this.finalResult;
  }

  /** A new version of the table: the views, the seats to act and the next deadline (returned). */
  project(engine: unknown, now: number): number | null {
    this.state.version++;
    this.state.changedAt = now;
    this.state.table ??= this.mirror.createTable();
    this.mirror.writeTable(this.state.table, this.game.publicView(engine, now));
    this.refreshSecrets(engine, now);
    syncValues(this.state.active, this.game.activeSeats(engine));
    const deadline = this.game.nextDeadline(engine);
    this.state.deadline = deadline ?? 0;
    return deadline;
  }

  /** Each connected seat's own view; `engine` null before the game starts (nothing to write). */
  refreshSecrets(engine: unknown, now: number): void {
    if (engine === null) return;
    for (const [id, p] of this.state.players) {
      // Nobody can receive the secret of a seat without a client (bots, reserved or away seats):
      // it is written when its client joins or comes back (onJoin, and afterChange on return).
      const client = this.clients().getById(id);
      if (!client) continue;
      if (!p.secret) {
        p.secret = this.mirror.createSeat();
        // A schema under a @view field is not seen through its parent: the owner's view needs it too.
        client.view?.add(p.secret);
      }
      this.mirror.writeSeat(p.secret, this.game.seatView(engine, p.seat, now), (added) => client.view?.add(added));
    }
  }

  /**
   * Public events travel in the patch (the table's `log`); private ones (`to` set) are sent only
   * to their seats' clients, as `events` `[{ type, msg }]`, once the journal holds them.
   */
  log(events: GameEvent[]): void {
    appendLog(this.state, events.filter((e) => e.to === undefined).map(eventMsg).filter((m) => m !== null));
    for (const event of events) {
      if (!event.to) continue;
      const m = eventMsg(event);
      if (!m) continue;
      const to = event.to;
      this.whenDurable(() => {
        for (const client of this.clients()) {
          const seat = this.seatOf(client);
          if (seat !== undefined && to.includes(seat)) client.send('events', [{ type: event.type, msg: m }]);
        }
      });
    }
  }

  /** The game ended: the result (resigned seats last), each seat's score, nobody left to act. */
  finish(result: GameResult, resigned: ReadonlySet<Seat>): void {
    this.finalResult = withResignations(result, resigned);
    this.state.phase = 'finished';
    writeResult(this.state, this.finalResult);
    this.state.active.clear();
    this.state.deadline = 0;
  }

  /** Each seat's final score on its player (the result screen's column). */
  writeScores(result: GameResult): void {
    for (const p of this.state.players.values()) {
      const mine = result.seats.find((s) => s.seat === p.seat);
      if (mine) p.score = mine.score;
    }
  }

  private seatOf(client: Client): Seat | undefined {
    return this.state.players.get(client.sessionId)?.seat;
  }
}
