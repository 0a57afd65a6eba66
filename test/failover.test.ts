/**
 * Tables move between processes (issue 24, third part): real server processes on the machine's
 * Redis (a per-run key prefix) and PostgreSQL (a per-run schema), colyseus.js players over real
 * sockets. Each case finds the process that holds its table (the shared listing) and
 * - kills it with SIGKILL mid-game (Railway Madness with races in flight, Car Exchange): the survivor
 *   reopens the table, the player retakes their seat by id with their guest token, the game
 *   finishes, and the stored journal rebuilds to what the players saw;
 * - freezes it (SIGSTOP) past its lease: the survivor claims the table; woken (SIGCONT), the old
 *   process writes nothing more (its action goes nowhere) and sends its client on (4011);
 * - stops it with SIGTERM: it hands the table over, exits 0, and the table goes on elsewhere;
 * - kills it and at once joins the table by id through the survivor: the join waits for the table
 *   to reopen there and gets in on its first attempt, also when the dead process' listings were
 *   already cleaned up (no listing at all until the table reopens).
 * Nothing here waits on the clock: every step waits for a state, with generous limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Room } from 'colyseus.js';
import { ListingDriver } from '../server/matchmaking/listingDriver.js';
import { startServerOnFreePort, type ServerProcess } from '../loadtest/serverProcess.js';
import { requireService, inPostgres } from './support/services.js';
import { canon, eventually, ready, secretOf, shownView as shown, tableOf } from './support/server.js';
import { guest, hostOf as listedHostOf, http, kill9, listingOf, ownStores, quietTookOverTable, ws } from './support/fleet.js';
import { openStore } from '../server/store/index.js';
import { rebuild } from '../shared/replay/rebuild.js';
import { findGame } from '../shared/games/registry.js';
import type { TookOverPublicView, TookOverSeatView } from '../shared/games/took_over/views.js';
import { CLOSE_TABLE_MOVED } from '../shared/protocol/messages.js';

const up = (await requireService('redis')) && (await requireService('postgres'));
const stores = ownStores('failover');
const SCHEMA = stores.schema;
/** Every process started here, live or not: all are killed at the end (a stopped one too: SIGKILL ends it). */
const everyServer: ServerProcess[] = [];
/** The processes running now. */
let live: ServerProcess[] = [];

type Synced = { phase: string; code: string; version: number; players: Map<string, { seat: number; name: string; connected: boolean; bot: boolean }> };
type Guest = { identity: { id: string; name: string; tag: string }; token: string };

/** How long each live process lets an away seat wait before a bot plays it. */
/** The kill cases: a bot plays an away seat soon, so the game finishes once its player has gone. */
const AWAY_BOTS = '2000';
/** The quiet cases: nothing moves at the table unless its players act. */
const NO_AWAY_BOTS = '600000';
const graceOf = new Map<ServerProcess, string>();

async function startOne(grace: string): Promise<ServerProcess> {
  const server = await startServerOnFreePort((port) => ({
    REDIS_URL: stores.redisUrl, DATABASE_URL: stores.databaseUrl, PUBLIC_ADDRESS: `127.0.0.1:${port}`,
    QUICKPLAY_FILL_MS: '60000', JUNCTION_INTERNAL_KEY: 'failover-test-key', ABSENT_GRACE_MS: grace,
    // A loaded CI machine stalls event loops for seconds: a lease that short would move tables nobody killed.
    LEASE_TTL_MS: '6000',
    JOIN_BURST: '10000', JOIN_PER_SECOND: '1000', GUEST_CREATE_BURST: '10000', GUEST_CREATE_PER_SECOND: '1000',
    PLAYER_API_BURST: '10000', PLAYER_API_PER_SECOND: '1000',
  }));
  everyServer.push(server);
  live.push(server);
  graceOf.set(server, grace);
  return server;
}

/**
 * Two processes running with this absent grace (a case may have stopped one; one with another
 * grace is stopped: its finished tables need nobody, the others are taken over by the new ones).
 */
async function twoLive(grace: string): Promise<void> {
  for (const other of live.filter((s) => graceOf.get(s) !== grace)) {
    remove(other);
    await other.stop('SIGKILL');
  }
  const started = await Promise.allSettled(Array.from({ length: Math.max(0, 2 - live.length) }, () => startOne(grace)));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
}

/** The live process whose listing (the shared matchmaker) holds the table now. */
const hostOf = (roomId: string): Promise<ServerProcess | undefined> => listedHostOf(stores.keyPrefix, roomId, live);

/** Progress on stderr: a case that waits shows where. */
const step = (what: string): void => { process.stderr.write(`[failover] ${what}\n`); };

function remove(server: ServerProcess): void {
  live = live.filter((s) => s !== server);
}

/** Retakes the seat of `who` (or watches) at `roomId` through `server`, retrying while the table is not open there yet. */
async function comeBack(server: ServerProcess, roomId: string, options: Record<string, unknown>): Promise<Room<Synced>> {
  const client = new Client(ws(server));
  const room = await eventually(async () => {
    try {
      return await client.joinById<Synced>(roomId, options);
    } catch {
      return undefined;
    }
  }, 120_000, `table ${roomId} open again`);
  await ready(room);
  return room;
}

/**
 * Every public view a client was shown, in order, from the one it shows now: a client that has just
 * retaken its seat may see no change for a while (the table waits on that very seat), so its first
 * view is the state it joined with, not the next patch.
 */
function recordViews(room: Room<Synced>): string[] {
  const seen: string[] = [];
  const record = () => {
    if (room.state.phase === 'waiting') return;
    try {
      const view = shown(room);
      if (view !== seen.at(-1)) seen.push(view);
    } catch {
      // before the table's first view
    }
  };
  room.onStateChange(record);
  record();
  return seen;
}

/** The stored journal replayed: the public view after every step, and the final state's result. */
async function replayed(gameId: string, roomId: string): Promise<{ views: string[]; finished: boolean }> {
  const store = await openStore({ databaseUrl: stores.databaseUrl, connectTimeoutMs: 10_000 });
  try {
    const session = (await store.getGameSession(roomId))!;
    const log = await store.readGameLog(roomId);
    const game = findGame(gameId)!;
    const views: string[] = [];
    const { result } = rebuild(game, { options: session.options, seats: session.options.players, seed: session.seed, startedAt: session.startedAt }, log, (step) => {
      views.push(canon(game.publicView(step.state as never, step.now)));
    });
    return { views, finished: result !== null };
  } finally {
    await store.close();
  }
}

/**
 * The engine's entries in a table's journal (applied actions, clock steps, lost races). Not its
 * chunks: the survivor records its own table entries (the clock offset of the reopened table, a
 * heartbeat), and on a loaded machine their commit can land after the test has looked.
 */
async function engineEntries(roomId: string): Promise<number> {
  const [row] = await inPostgres<{ n: string }>(`select count(*) as n from "${SCHEMA}".game_log_chunks c, jsonb_array_elements(c.entries) e
    where c.game_id = $1 and e->>'k' in ('a', 'x', 'l')`, [roomId]);
  return Number(row.n);
}

async function sessionRow(roomId: string): Promise<{ owner: string; fence: string } | undefined> {
  const [row] = await inPostgres<{ owner: string; fence: string }>(`select owner, fence from "${SCHEMA}".game_sessions where id = $1`, [roomId]);
  return row;
}

describe.skipIf(!up)('tables move between processes', () => {
  beforeAll(async () => {
    await stores.create();
    await twoLive(AWAY_BOTS);
  }, 300_000);

  afterAll(async () => {
    for (const s of everyServer) {
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGCONT');
    }
    await Promise.all(everyServer.map((s) => s.stop('SIGKILL')));
    await stores.remove();
  }, 120_000);

  for (const [gameId, variant, players] of [['railway_madness', 'juniors', 3], ['car_exchange', 'classic', 3]] as const) {
    it(`kill -9 mid-game of a ${gameId} table: the player retakes their seat on the survivor, the game finishes, the journal rebuilds to what they saw`, async () => {
      await twoLive(AWAY_BOTS);
      const ana = await guest<Guest>(live[0]);
      const first = await ready(await new Client(ws(live[0])).create<Synced>(gameId, { name: 'Ana', private: true, variant, players, token: ana.token }));
      for (let i = 1; i < players; i++) first.send('add_bot', { level: 'hard' });
      await eventually(() => first.state.players.size === players, 30_000, 'the bots seated');
      const before = recordViews(first);
      let closedWith: number | undefined;
      first.onLeave((code) => { closedWith = code; });
      first.send('start', {});
      await eventually(() => first.state.phase === 'playing' && before.length > 0, 30_000, 'the game to start');
      const mySeat = first.state.players.get(first.sessionId)!.seat;
      // Railway Madness: the bots race for the cards, so the table moves by itself; wait for some of it.
      if (gameId === 'railway_madness') await eventually(() => before.length >= 4, 120_000, 'races played');
      // The session row is written by the first commit: wait for it, so the table is one a survivor can find.
      await eventually(async () => (await sessionRow(first.roomId)) !== undefined, 30_000, 'the session stored');

      const host = (await eventually(() => hostOf(first.roomId), 30_000, 'the table listed'))!;
      const survivor = live.find((s) => s !== host)!;
      step(`${gameId}: killing ${host.pid}, survivor ${survivor.pid}`);
      await kill9(host);
      remove(host);
      await eventually(() => closedWith !== undefined, 60_000, 'the client to see its connection go');
      const seenBeforeKill = before.at(-1)!;

      // The survivor claims the table (a new token, its owner) and opens it with the same id.
      await eventually(async () => (await hostOf(first.roomId)) === survivor, 120_000, 'the table reopened on the survivor');
      step(`${gameId}: reopened on the survivor`);
      const back = await comeBack(survivor, first.roomId, { token: ana.token });
      step(`${gameId}: seat retaken`);
      const after = recordViews(back);
      await eventually(() => back.state.players.get(back.sessionId)?.connected === true && after.length > 0, 30_000, 'the seat retaken');
      expect(back.state.players.get(back.sessionId)).toMatchObject({ seat: mySeat, bot: false, name: `${ana.identity.name}#${ana.identity.tag}` });
      expect(back.state.players.size).toBe(players);

      // A spectator comes to watch; the player goes away (not a Leave, which resigns, and with no
      // human left the table would close): a bot plays their seat, and the bots play the game to its end.
      const watcher = await comeBack(survivor, first.roomId, { spectator: true });
      expect(watcher.state.players.get(watcher.sessionId)).toBeUndefined();
      back.connection.close();
      // A classic Car Exchange played out by bots took 228 s in one loaded run: room for a slower machine.
      await eventually(() => watcher.state.phase === 'finished', 600_000, 'the game to finish');
      const seenAtEnd = shown(watcher);
      step(`${gameId}: finished`);
      await eventually(async () => (await fetch(`${http(survivor)}/api/results/${first.roomId}`, { headers: { authorization: `Bearer ${ana.token}` } })).ok, 60_000, 'the result stored');

      const { views, finished } = await replayed(gameId, first.roomId);
      expect(finished).toBe(true);
      // One line of history: what was seen before the kill, after the reopening and at the end are steps of the stored journal.
      expect(views).toContain(seenBeforeKill);
      expect(views).toContain(after[0]);
      expect(views.at(-1)).toBe(seenAtEnd);
      watcher.connection.close();
    }, 900_000);
  }

  /** Two humans at a quiet Took Over! table (nothing moves unless they act): returns them and the table. */
  async function quietTable(): Promise<{ a: Room<Synced>; b: Room<Synced>; ana: Guest; bo: Guest; host: ServerProcess }> {
    await twoLive(NO_AWAY_BOTS);
    const { a, b, ana, bo } = await quietTookOverTable<Synced, Guest>(live[0], live[1], async (roomId) => (await sessionRow(roomId)) !== undefined);
    const host = (await eventually(() => hostOf(a.roomId), 30_000, 'the table listed'))!;
    return { a, b, ana, bo, host };
  }

  /** A quiet table, the live process that does not hold it, the close codes its two clients get, and what it shows now. */
  async function watchedQuietTable() {
    const table = await quietTable();
    const survivor = live.find((s) => s !== table.host)!;
    const closed: number[] = [];
    table.a.onLeave((code) => closed.push(code));
    table.b.onLeave((code) => closed.push(code));
    return { ...table, survivor, closed, shownBefore: shown(table.a) };
  }

  function moveOf(a: Room<Synced>, b: Room<Synced>): { room: Room<Synced>; action: unknown } {
    const view = tableOf<TookOverPublicView>(a);
    const room = [a, b].find((r) => secretOf<TookOverSeatView>(r)!.seat === view.active)!;
    const mine = secretOf<TookOverSeatView>(room)!;
    return { room, action: mine.canPlace.length > 0 ? { type: 'place', card: mine.canPlace[0] } : { type: 'pass' } };
  }

  /**
   * Kills the process of a quiet table and at once joins the table by id through the survivor (once
   * the dead process' listings are cleaned up, with `cleanUp`): one attempt, no retry, and the player
   * is back in their seat with the table as it was.
   */
  async function joinAtOnceAfterKill(cleanUp: boolean): Promise<void> {
    const { a, b, ana, host } = await quietTable();
    const survivor = live.find((s) => s !== host)!;
    const shownBefore = shown(a);
    const deadProcess = cleanUp ? (await listingOf(stores.keyPrefix, a.roomId)).processId : undefined;
    if (cleanUp) expect(deadProcess).toBeTruthy();
    step(`join hold${cleanUp ? ', no listing' : ''}: killing ${host.pid}`);
    await kill9(host);
    remove(host);
    if (cleanUp) {
      // What a survivor's health check does (it removes only entries that still name the dead
      // process, so a table reopened meanwhile keeps its listing): the join finds no listing at all.
      const cleanup = new ListingDriver(stores.redisUrl);
      await cleanup.cleanup(deadProcess!);
      await cleanup.shutdown();
    }
    // Sent while the shared listing still names the dead process (its lease has seconds to run), or
    // names none: without the hold, Colyseus sends it there and answers "process not available" 4 s
    // later, or answers at once that there is no such room.
    const back = await ready(await new Client(ws(survivor)).joinById<Synced>(a.roomId, { token: ana.token }));
    expect(await hostOf(a.roomId)).toBe(survivor);
    await eventually(() => back.state.players.get(back.sessionId)?.connected === true && !!secretOf(back), 30_000, 'the seat retaken');
    expect(shown(back)).toBe(shownBefore);
    back.connection.close();
    b.connection.close();
  }

  it('kill -9: a join by id sent the moment the process dies waits for the table to reopen elsewhere and succeeds, with no retry', async () => {
    await joinAtOnceAfterKill(false);
  }, 300_000);

  it('kill -9 and the dead process\' listings cleaned up before the table reopens: a join by id waits for the table and succeeds, with no retry', async () => {
    await joinAtOnceAfterKill(true);
  }, 300_000);

  it('SIGSTOP past the lease, then SIGCONT: the survivor owns the table, the woken process writes nothing and sends its clients there', async () => {
    const { a, b, ana, bo, host, survivor, closed, shownBefore } = await watchedQuietTable();
    const ownerBefore = (await sessionRow(a.roomId))!;
    step(`SIGSTOP ${host.pid}`);
    host.child.kill('SIGSTOP');
    try {
      // The lease runs out; the survivor claims the table (a new token) and opens it.
      await eventually(async () => { const row = await sessionRow(a.roomId); return row && row.fence !== ownerBefore.fence; }, 120_000, 'the table claimed');
      await eventually(async () => (await hostOf(a.roomId)) === survivor, 120_000, 'the table reopened on the survivor');
      const entriesAtClaim = await engineEntries(a.roomId);
      step('claimed and reopened; SIGCONT');
      // A move sent to the frozen copy: it reaches it when it wakes, and must go nowhere.
      const { room, action } = moveOf(a, b);
      room.send('action', { id: 1, a: action });
      host.child.kill('SIGCONT');
      await eventually(() => closed.length === 2, 120_000, 'the woken copy to send both clients on');
      expect(closed).toEqual([CLOSE_TABLE_MOVED, CLOSE_TABLE_MOVED]);
      expect(shown(a)).toBe(shownBefore);
      expect(await engineEntries(a.roomId)).toBe(entriesAtClaim);

      const [a2, b2] = [await comeBack(survivor, a.roomId, { token: ana.token }), await comeBack(survivor, a.roomId, { token: bo.token })];
      await eventually(() => !!secretOf(a2) && !!secretOf(b2), 30_000, 'both seats retaken');
      expect(shown(a2)).toBe(shownBefore);
      expect(await engineEntries(a.roomId)).toBe(entriesAtClaim);
      // The table plays on at its new owner.
      const next = moveOf(a2, b2);
      next.room.send('action', { id: 2, a: next.action });
      await eventually(() => shown(a2) !== shownBefore, 30_000, 'the move on the survivor');
      await eventually(async () => (await engineEntries(a.roomId)) > entriesAtClaim, 30_000, 'the move stored');
      a2.connection.close();
      b2.connection.close();
    } finally {
      host.child.kill('SIGCONT');
      await host.stop('SIGKILL');
      remove(host);
    }
  }, 600_000);

  it('SIGTERM hands the table over: exit 0, the clients are sent on and the table goes on elsewhere', async () => {
    const { a, b, ana, bo, host, survivor, closed, shownBefore } = await watchedQuietTable();
    step(`SIGTERM ${host.pid}`);
    const exit = await host.stop('SIGTERM');
    remove(host);
    expect(exit).toBe(0);
    await eventually(() => closed.length === 2, 60_000, 'both clients sent on');
    expect(closed).toEqual([CLOSE_TABLE_MOVED, CLOSE_TABLE_MOVED]);
    const [a2, b2] = [await comeBack(survivor, a.roomId, { token: ana.token }), await comeBack(survivor, a.roomId, { token: bo.token })];
    await eventually(() => !!secretOf(a2) && !!secretOf(b2), 30_000, 'both seats retaken');
    expect(shown(a2)).toBe(shownBefore);
    const watcher = await comeBack(survivor, a.roomId, { spectator: true });
    expect(watcher.state.players.get(watcher.sessionId)).toBeUndefined();
    const next = moveOf(a2, b2);
    next.room.send('action', { id: 1, a: next.action });
    await eventually(() => shown(a2) !== shownBefore, 30_000, 'the move on the survivor');
    for (const r of [a2, b2, watcher]) r.connection.close();
  }, 600_000);
});
