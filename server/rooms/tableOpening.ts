/**
 * A new table until its game starts: its facts from the creation options, its private code, a
 * rematch's bots, then the tournament check-in, the quick-play auto start or the turn-based queue;
 * the host's changes to the options while it waits; and the start (free seats to bots, the seed,
 * the engine, the journal, the first change shown).
 */
import type { Client, Room } from '@colyseus/core';
import { msg } from '../../shared/i18n/msg.js';
import { randomSeed } from '../../shared/random.js';
import type { TableState } from '../state/TableState.js';
import { writeOptions } from '../state/tableMirror.js';
import { CODE_RENEW_MS, renewCode, reserveCode } from '../matchmaking/privateCodes.js';
import { joinRefusal, type Params } from '../i18n/serverMessages.js';
import { moveClockMs } from '../turnbased/pace.js';
import { TurnTimeouts } from '../turnbased/timeouts.js';
import { roomsGauge } from '../ops/metrics.js';
import { logger } from '../ops/logger.js';
import type { ActionPipeline } from './actionPipeline.js';
import { JOIN_SLACK } from './joinBudget.js';
import type { Seating } from './seating.js';
import type { RoomServices } from './services.js';
import type { TableClocks } from './tableClocks.js';
import type { TableFacts } from './tableFacts.js';
import type { TableJournal } from './tableJournal.js';
import { parseRematch, parseTableOptions, parseTournament, reconfigure } from './tableOptions.js';
import { TournamentCheckIn } from './tournamentCheckIn.js';
import type { TournamentSeating } from './tournamentSeating.js';
import type { GameEvent } from '../../shared/games/contract.js';

/**
 * Seats plus spectators plus room for joins in flight: Colyseus locks a room at maxClients, so
 * spectators (capped in onAuth) must never use up the seats.
 */
export function maxClientsFor(players: number, spectatorsMax: number): number {
  return players + spectatorsMax + 2 * JOIN_SLACK;
}

/** The room (GameRoom) and the parts of it a new table sets up. */
export type OpenedTable = Room<TableState> & {
  checkIn: TournamentCheckIn | null;
  turns: TurnTimeouts | null;
  readonly facts: TableFacts;
  readonly services: RoomServices;
  readonly seating: Seating;
  readonly clocks: TableClocks;
  readonly pipeline: ActionPipeline<Client>;
  readonly journal: TableJournal;
  readonly play: { afterChange(events?: GameEvent[]): void };
  /** The collaborators, the synchronised state and the seats of a table with `facts.options`. */
  openTable(): void;
  registerMessages(): void;
  publishMetadata(): Promise<void>;
  refuse(client: Client, code: string, params?: Params): void;
};

export class TableOpening {
  constructor(private readonly table: OpenedTable) {}

  /** `raw`: the room's creation options (a new table, not a reopened one). */
  async open(raw: Record<string, unknown>): Promise<void> {
    const { table } = this;
    const { facts, services } = table;
    if (services.results.full) throw joinRefusal('results_backlog');
    ({ options: facts.options, turnBased: facts.turnBased } = parseTableOptions(facts.game, raw, services.config.TURN_CLOCK_MS));
    facts.isPrivate = raw.private === true;
    facts.ratedPrivate = facts.isPrivate && raw.rated === true;
    const { internalKey } = services;
    if (raw.tournament !== undefined) facts.tournament = parseTournament(raw, internalKey);
    const rematchSeating = raw.rematch !== undefined ? parseRematch(raw, internalKey, facts.options.players) : null;
    table.openTable();

    if (facts.isPrivate || facts.tournament) await table.setPrivate(true);
    if (facts.isPrivate) await this.reservePrivateCode();
    table.registerMessages();
    for (const bot of rematchSeating?.bots ?? []) table.seating.addBot(bot.level, bot.seat);
    await table.publishMetadata();
    roomsGauge.inc({ game: facts.game.id });

    if (facts.tournament) this.openCheckIn(facts.tournament);
    else if (!facts.isPrivate) this.scheduleAutoStart();
    // The turn-based queue: its players arrive over minutes or hours and need not stay on the page.
    if (facts.turnBased && !facts.isPrivate && !facts.tournament) await table.journal.openFilling();
  }

  scheduleAutoStart(at?: number): void {
    const { table } = this;
    const { facts, services, state } = table;
    // A turn-based quick-play table waits for its seats (QUICKPLAY_TURN_FILL_MS, hours), not seconds.
    const when = at ?? facts.now() + (facts.turnBased ? services.config.QUICKPLAY_TURN_FILL_MS : services.config.QUICKPLAY_FILL_MS);
    state.autoStartAt = when;
    table.clocks.at('autoStart', when, () => {
      if (table.state.phase === 'waiting' && [...table.state.players.values()].some((p) => !p.bot)) this.start();
      else if (table.state.phase === 'waiting') this.scheduleAutoStart();
    });
  }

  /** The host changes the options while the table waits (tableOptions.ts `reconfigure`). */
  configure(client: Client, message: unknown): void {
    const { table } = this;
    const { facts, services, state } = table;
    const change = reconfigure(facts.game, { options: facts.options, turnBased: facts.turnBased }, { isPrivate: facts.isPrivate, taken: table.seating.taken }, message, services.config.TURN_CLOCK_MS);
    if (!change.ok) return table.refuse(client, change.code, change.params);
    ({ options: facts.options, turnBased: facts.turnBased } = change.paced);
    state.variant = change.game.variant;
    state.seats = change.game.players;
    writeOptions(state.options, change.game);
    table.maxClients = maxClientsFor(change.game.players, services.config.SPECTATORS_MAX);
    void table.publishMetadata();
  }

  start(): void {
    const { table } = this;
    const { facts, state, seating } = table;
    if (state.phase !== 'waiting') return;
    table.clocks.clear('autoStart');
    while (seating.taken < facts.options.players) seating.addBot('easy');
    void table.publishMetadata();
    const range = facts.game.seatRange(facts.options);
    if (facts.options.players < range.min) facts.options = { ...facts.options, players: range.min };
    facts.seed = randomSeed();
    facts.startedAt = facts.now();
    table.pipeline.start(facts.options, facts.seed, facts.startedAt);
    if (facts.turnBased) table.turns = new TurnTimeouts(facts.options.players, moveClockMs(facts.options, table.services.config.TURN_CLOCK_MS));
    table.journal.begin();
    state.phase = 'playing';
    state.autoStartAt = 0;
    // Race releases, game clocks and bots run on the room's timers, each at its own moment: no room tick.
    table.autoDispose = false;
    void table.setPrivate(true).then(() => table.publishMetadata());
    logger.info({ room: table.roomId, game: facts.game.id, variant: facts.options.variant, seed: facts.seed }, 'game started');
    table.play.afterChange([{ type: 'start', msg: msg('server:event.start') }]);
  }

  /** A tournament table's check-in; it reads the room's parts when used (a reopened table's are made after its tournament is known). */
  checkInFor(t: TournamentSeating): TournamentCheckIn {
    const { table } = this;
    return new TournamentCheckIn(t, {
      get state() { return table.state; }, get seating() { return table.seating; }, get clocks() { return table.clocks; }, get roomId() { return table.roomId; },
      now: table.facts.now, start: () => this.start(), noShows: (...args) => table.services.onTournamentNoShows?.(...args),
    });
  }

  private async reservePrivateCode(): Promise<void> {
    const { table } = this;
    const store = table.services.store;
    const code = await reserveCode(table.presence, table.roomId, async (c) => (await store.findSleepingSessionByCode(c)) !== null);
    table.state.code = code;
    table.clock.setInterval(() => void renewCode(table.presence, code, table.roomId).catch(() => undefined), CODE_RENEW_MS);
  }

  /** A new tournament table: every seat reserved; it lives until its result, even while nobody has arrived yet. */
  private openCheckIn(t: TournamentSeating): void {
    const { table } = this;
    const checkIn = this.checkInFor(t);
    table.checkIn = checkIn;
    table.facts.options = { ...table.facts.options, players: t.seats.length };
    table.autoDispose = false;
    checkIn.open();
  }
}
