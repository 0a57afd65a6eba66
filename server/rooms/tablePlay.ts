/**
 * Play: what the pipeline did shown one outcome at a time (the change projected, then the patch and
 * the ack sent once the journal holds it; refusals and race margins likewise), and after every
 * change the result checked and the deadline, the absence wake-up, the bots, the turn notices and
 * the sleep planned again.
 */
import type { Client } from '@colyseus/core';
import type { GameEvent, GameResult } from '../../shared/games/contract.js';
import { seatRef } from '../../shared/i18n/msg.js';
import type { TableState } from '../state/TableState.js';
import { notice, type Refusal } from '../i18n/serverMessages.js';
import type { TurnTimeouts } from '../turnbased/timeouts.js';
import { logger } from '../ops/logger.js';
import type { ActionPipeline, PipelineOutcome, RaceMargin } from './actionPipeline.js';
import type { BotDriver } from './BotDriver.js';
import type { TableProjector } from './projector.js';
import type { Seating } from './seating.js';
import type { RoomServices } from './services.js';
import type { TableClocks } from './tableClocks.js';
import type { TableEnd } from './tableEnd.js';
import type { TableFacts } from './tableFacts.js';
import type { TableLeaves } from './tableLeaves.js';
import type { TableSleep } from './tableSleep.js';
import type { TurnNotices } from './turnNotices.js';

/** An away seat is handed to a bot a moment after its grace period ends. */
const ABSENCE_WAKE_SLACK_MS = 5;

/** The parts of the room play reads (GameRoom). */
export interface PlayedTable {
  readonly facts: TableFacts;
  readonly state: TableState;
  readonly roomId: string;
  readonly services: RoomServices;
  readonly seating: Seating;
  readonly pipeline: ActionPipeline<Client>;
  readonly projector: TableProjector;
  readonly clocks: TableClocks;
  readonly bots: BotDriver;
  readonly sleep: TableSleep;
  readonly turns: TurnTimeouts | null;
  readonly turnNotices: TurnNotices;
  readonly end: TableEnd;
  readonly leaves: TableLeaves;
  readonly journal: { whenDurable(show: () => void): void };
  pushNow(after?: () => void): void;
  sendRefusal(client: Client, refusal: Refusal): void;
}

export class TablePlay {
  constructor(private readonly table: PlayedTable) {}

  /**
   * Shows what the pipeline did, one outcome at a time (each before the next action is applied),
   * then waits for the next held race action to be due.
   */
  show(outcomes: Iterable<PipelineOutcome<Client>>): void {
    const { table } = this;
    table.clocks.clear('release');
    for (const outcome of outcomes) {
      if (outcome.kind === 'applied') this.showChange(outcome.events, outcome.answer);
      // A lost race's refusal is an outcome too: shown once the journal holds it.
      else if (outcome.kind === 'refused') table.journal.whenDurable(() => table.sendRefusal(outcome.client, outcome.refusal));
      else this.showRaceMargin(outcome.margin);
    }
    table.clocks.at('release', table.pipeline.nextReleaseAt(), () => this.show(table.pipeline.release()));
  }

  /** Mirror the engine into the synchronised state, log the events, schedule clocks and bots. */
  afterChange(events: GameEvent[] = []): void {
    const { table } = this;
    const { facts, state } = table;
    const engine = table.pipeline.engine;
    const now = facts.now();
    const deadline = table.projector.project(engine, now);
    table.turns?.noteActive(state.active, now);
    this.announceTurns();
    table.projector.log(events);
    const result: GameResult | null = facts.game.result(engine);
    if (result) return table.end.finish(result);
    table.clocks.at('deadline', deadline, () => this.onDeadline(deadline!));
    // Turn-based players are away most of the time: their clock, not a bot, answers for them.
    const { seats, wakeAt } = table.seating.botSeats(now, facts.turnBased ? Infinity : table.services.config.ABSENT_GRACE_MS);
    // One pending wake-up for the next away seat to pass its grace period (not one per change).
    table.clocks.at('absence', wakeAt === null || !Number.isFinite(wakeAt) ? null : wakeAt + ABSENCE_WAKE_SLACK_MS, () => table.state.phase === 'playing' && this.afterChange());
    table.bots.plan(seats, (seat, level) => facts.game.bot(table.pipeline.engine, seat, level, table.bots.rngState(), facts.now()),
      (seat, action) => this.show(table.pipeline.submit({ seat, action, arrival: facts.now() }, undefined)));
    table.sleep.plan(now);
  }

  private showChange(events: GameEvent[], answer?: { client: Client; id: number }): void {
    const { table } = this;
    if (answer) table.turns?.moved(table.state.players.get(answer.client.sessionId)?.seat ?? -1);
    this.afterChange(events);
    table.pushNow(answer ? () => answer.client.send('ack', { id: answer.id, version: table.state.version }) : undefined);
  }

  /** Both racers learn by how much (docs/protocol.md "Races"), from the times the journal holds. */
  private showRaceMargin({ first, second }: RaceMargin<Client>): void {
    this.table.journal.whenDurable(() => {
      const ms = (n: number) => Math.round(n);
      first.client?.send('notice', notice('race_won', { other: seatRef(second.seat), yours: ms(first.ms), theirs: ms(second.ms) }));
      second.client?.send('notice', notice('race_lost', { first: seatRef(first.seat), theirs: ms(first.ms), yours: ms(second.ms) }));
    });
  }

  private onDeadline(deadline: number): void {
    const { table } = this;
    const { state } = table;
    if (state.phase !== 'playing') return;
    const late = [...state.players.values()].filter((p) => !p.bot && state.active.includes(p.seat)).map((p) => p.seat);
    const forGood = table.turns?.ranOut(late, deadline) ?? [];
    const outcome = table.pipeline.advance(deadline);
    if (outcome.ok) this.showChange(outcome.events);
    else logger.error({ room: table.roomId, error: outcome.error }, 'advance failed');
    for (const seat of forGood) {
      const entry = [...state.players.entries()].find(([, p]) => p.seat === seat && !p.bot);
      if (!entry || state.phase !== 'playing') continue;
      logger.info({ room: table.roomId, seat }, 'turn-based: three move clocks ran out in a row; a bot takes the seat');
      table.leaves.leftForGood(entry[0], entry[1], true);
    }
  }

  private announceTurns(): void {
    const { table } = this;
    if (table.facts.turnBased) table.turnNotices.announce({ state: table.state, tableId: table.roomId, game: table.facts.game.id, identityOf: (p) => table.seating.identities.of(p) });
  }
}
