import { Schema, MapSchema, ArraySchema, type, view } from '@colyseus/schema';
import { useEncodeBufferSize } from '../encodeBuffer.js';

// @colyseus/schema 3.0.76 grows its encode buffer on overflow, but a client's StateView part is
// then cut off (encodeView keeps writing to the old buffer): seen as a truncated `secret` string
// when a patch carried a large public view plus a hand. A buffer larger than any patch of ours
// (public view + one seat view, a few KB) avoids the overflow path altogether.
// The size and why it is safe: server/encodeBuffer.ts. Set here, where the state is defined, so it
// holds before any room (or test) makes an encoder.
useEncodeBufferSize();

/**
 * @colyseus/schema 3.0.76 writes the length of a string of exactly 255 UTF-8 bytes as 0
 * (`length % 255` in its str8 encoder), so the client reads an empty string and then misreads the
 * rest of the patch ("definition mismatch"). Found in the load test: Rush Hour seat views of five
 * cards are often 255 bytes. Every string that can reach that length (message parameters such
 * as an engine's transitional event text) goes through this: a trailing space (invisible
 * in text, JSON whitespace) moves it off that length.
 */
export function wireSafe(text: string): string {
  // A longer string (in UTF-16 units) is longer in bytes too: only short ones need measuring.
  return text.length <= 255 && Buffer.byteLength(text, 'utf8') === 255 ? `${text} ` : text;
}

/**
 * A game's public view on the wire. Each game's table class extends it with its own typed fields
 * (derived from shared/games/<game>/wire.ts by server/state/derive.ts); @colyseus/schema sends
 * the subclass's type id, so one `TableState` carries any game's table.
 */
export class PublicViewState extends Schema {}

/** A seat's private view on the wire (each game extends it); only ever under `PlayerState.secret`. */
export class SeatViewState extends Schema {}

/** One seat's occupant. `secret` (that seat's private view) reaches only its owner through StateView. */
export class PlayerState extends Schema {
  @type('string') name = '';
  @type('int8') seat = -1;
  @type('boolean') connected = true;
  @type('boolean') bot = false;
  @type('string') botLevel = '';
  @type('boolean') host = false;
  @type('number') score = 0;
  @view() @type(SeatViewState) secret?: SeatViewState;
}

export class SeatResultState extends Schema {
  @type('int8') seat = 0;
  @type('uint8') place = 0;
  @type('number') score = 0;
}

/** The final standing (GameResult), set once the game is over; the summary as a key and parameters. */
export class ResultState extends Schema {
  @type([SeatResultState]) seats = new ArraySchema<SeatResultState>();
  @type('string') summary = '';
  @type({ map: 'string' }) summaryParams = new MapSchema<string>();
}

/**
 * Common state of every game room: seats and players, clocks, options and result, and the game's
 * own public view in `table` (a typed subclass of PublicViewState per game; see
 * docs/architecture.md, "State mirroring").
 */
export class TableState extends Schema {
  @type('string') game = '';
  @type('string') variant = '';
  @type('string') code = '';
  @type('string') phase: 'waiting' | 'playing' | 'finished' = 'waiting';
  @type('uint8') seats = 0;
  /** Option name → its value as JSON (shared/wire/table.ts readOptions). */
  @type({ map: 'string' }) options = new MapSchema<string>();
  @type({ map: PlayerState }) players = new MapSchema<PlayerState>();
  @type('uint16') spectators = 0;
  /** Bumped on every applied change: clients stamp race actions with the version they saw. */
  @type('uint32') version = 0;
  /** Server time (epoch ms) of the latest change: clients stamp race actions relative to it. */
  @type('number') changedAt = 0;
  /** The engine's public view, mirrored by the game's mirror; absent until the game starts. */
  @type(PublicViewState) table?: PublicViewState;
  @type(['int8']) active = new ArraySchema<number>();
  /** Next engine clock deadline (server epoch ms), 0 when none. */
  @type('number') deadline = 0;
  /** While waiting on a quick-play table: when empty seats will be filled with bots (server epoch ms). */
  @type('number') autoStartAt = 0;
  /**
   * The last LOG_SIZE public events, a ring: event n (counted from 1) in slot (n − 1) mod LOG_SIZE,
   * each its shape's index and parameter values in one string (shared/wire/log.ts).
   * Private events go to their seats as `events` messages.
   */
  @type(['string']) log = new ArraySchema<string>();
  /** The key and parameter names of each kind of event the log has held, once each (shared/wire/log.ts). */
  @type(['string']) logShapes = new ArraySchema<string>();
  /** How many public events the table has logged: the n of the newest entry. */
  @type('number') logged = 0;
  /** The final standing once finished. */
  @type(ResultState) result?: ResultState;
  /** Tournament tables while waiting: when check-in closes and the table starts anyway (server epoch ms), 0 otherwise. */
  @type('number') checkInDeadline = 0;
  /** Tournament tables while waiting: the seats whose registrant has not sat down yet (names are in `players`). */
  @type(['int8']) waitingFor = new ArraySchema<number>();
}
