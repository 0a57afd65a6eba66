import { Schema, MapSchema, ArraySchema, Encoder, type, view } from '@colyseus/schema';

// @colyseus/schema 3.0.76 grows its encode buffer on overflow, but a client's StateView part is
// then cut off (encodeView keeps writing to the old buffer): seen as a truncated `secret` string
// when a patch carried a large public view plus a hand. A buffer larger than any patch of ours
// (public view + one seat view, a few KB) avoids the overflow path altogether.
Encoder.BUFFER_SIZE = 64 * 1024;

/**
 * @colyseus/schema 3.0.76 writes the length of a string of exactly 255 UTF-8 bytes as 0
 * (`length % 255` in its str8 encoder), so the client reads an empty string and then misreads the
 * rest of the patch ("definition mismatch"). Found in the load test: Rush Hour seat views of five
 * cards are often 255 bytes. Every variable string goes through this: a trailing space (JSON
 * whitespace, invisible in text) moves it off that length.
 */
export function wireSafe(text: string): string {
  // A longer string (in UTF-16 units) is longer in bytes too: only short ones need measuring.
  return text.length <= 255 && Buffer.byteLength(text, 'utf8') === 255 ? `${text} ` : text;
}

/** One seat's occupant. `secret` (that seat's private view, JSON) reaches only its owner through StateView. */
export class PlayerState extends Schema {
  @type('string') name = '';
  @type('int8') seat = -1;
  @type('boolean') connected = true;
  @type('boolean') bot = false;
  @type('string') botLevel = '';
  @type('boolean') host = false;
  @type('number') score = 0;
  @view() @type('string') secret = '';
}

/**
 * Common state of every game room. The game's own public view travels as `table` (JSON of the
 * engine's publicView): one engine definition serves every game, so the schema stays game-agnostic
 * (see docs/architecture.md, "State mirroring").
 */
export class TableState extends Schema {
  @type('string') game = '';
  @type('string') variant = '';
  @type('string') code = '';
  @type('string') phase: 'waiting' | 'playing' | 'finished' = 'waiting';
  @type('uint8') seats = 0;
  @type('string') options = '{}';
  @type({ map: PlayerState }) players = new MapSchema<PlayerState>();
  @type('uint16') spectators = 0;
  /** Bumped on every applied change: clients stamp race actions with the version they saw. */
  @type('uint32') version = 0;
  /** Server time (epoch ms) of the latest change: clients stamp race actions relative to it. */
  @type('number') changedAt = 0;
  @type('string') table = '';
  @type(['int8']) active = new ArraySchema<number>();
  /** Next engine clock deadline (server epoch ms), 0 when none. */
  @type('number') deadline = 0;
  /** While waiting on a quick-play table: when empty seats will be filled with bots (server epoch ms). */
  @type('number') autoStartAt = 0;
  @type('string') lastEvent = '';
  /** JSON of the GameResult once finished. */
  @type('string') result = '';
}
