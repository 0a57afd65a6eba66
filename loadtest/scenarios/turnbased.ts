/**
 * `npm run bench -- turnbased [--tables 10000] [--players 200] [--database postgres://…]` (issue 25):
 * one server process (the bundle `npm start` runs) on PostgreSQL (a fresh schema), with N turn-based
 * Traffic Tango tables asleep in the store, and P players online among them.
 *
 * - The tables are made as play makes them: a few template tables are played (two guests and bots,
 *   24 h move clock) until they sleep; each sleeping session row and its journal are then cloned
 *   (new id, the seats given to the P bench players in turn, every time shifted by the same amount
 *   where a deadline must fall during the run: the rebuilt engine's times are start + offset).
 * - Wake latency: each of the P players opens one of its sleeping tables as the lobby does
 *   (POST /api/games/:id/wake, then joinById) — from the wake request to the first state patch.
 * - RSS: with the P players seated and connected, and the N−P others asleep.
 * - Deadline accuracy: D tables' deadlines are set to fall during the run; a deadline has fired
 *   when its default move applied: the journal's advance entry (`x`) carries that time.
 *   Then the process is stopped (SIGTERM), D more tables get deadlines that fall after the
 *   restart, the process starts again and the same is measured.
 */
import pg from 'pg';
import { Client, type Room } from 'colyseus.js';
import { freshSchema } from '../pgSchema.js';
import { BUILT_SERVER, freePort, startServerProcess, type ServerProcess } from '../serverProcess.js';
import { summarise } from '../stats.js';

type Values = Record<string, string | boolean | undefined>;

const GAME = 'traffic_tango';
const TEMPLATES = 4;
const DEADLINE_TABLES = 100;
const POLL_MS = 500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Guest { token: string; identity: { id: string; display: string } }
interface Seat { seat: number; name: string; identityId: string | null; bot: boolean }
interface Turn { seats: number[]; deadline: number | null; timeouts: number[]; activeSince: number[] }
interface Template { id: string; startedAt: number; wakeAt: number; seats: Seat[]; turn: Turn }

async function until<T>(check: () => Promise<T | undefined | false> | T | undefined | false, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function ready<R extends Room>(room: R): Promise<R> {
  await until(() => ((room.state as { game?: string }).game ? true : undefined), 30_000, 'first state');
  return room;
}

export async function runScenario(values: Values) {
  const tables = Number(values.tables === '20' ? 10_000 : values.tables);
  const players = Number(values.players === '64' ? 200 : values.players);
  const concurrency = Math.max(1, Number(values.concurrency ?? 8));
  const schema = await freshSchema(String(values.database ?? 'postgres://postgres@127.0.0.1:5432/test'), 'junction_bench_turn');
  const db = new pg.Client({ connectionString: schema.url });
  await db.connect();
  const port = await freePort();
  const env = {
    DATABASE_URL: schema.url, TURN_SLEEP_AFTER_MS: '5000', RECONNECT_SECONDS: '0', LOG_LEVEL: 'warn',
    JOIN_BURST: '1000000', JOIN_PER_SECOND: '100000', GUEST_CREATE_BURST: '1000000', GUEST_CREATE_PER_SECOND: '100000',
    PLAYER_API_BURST: '1000000', PLAYER_API_PER_SECOND: '100000',
  };
  let server: ServerProcess | null = await startServerProcess(port, env, undefined, BUILT_SERVER);
  const http = `http://127.0.0.1:${port}`;
  const open: Room[] = [];
  try {
    const guests = await Promise.all(Array.from({ length: players }, async () => (await (await fetch(`${http}/api/identity`, { method: 'POST' })).json()) as Guest));
    const templates = await playTemplates(http, `ws://127.0.0.1:${port}`, db);

    // ---- N sleeping tables: the templates cloned, seated by the bench players in turn.
    const seedStart = Date.now();
    const plan = Array.from({ length: tables - TEMPLATES - 2 * DEADLINE_TABLES }, (_, i) => ({ i, shift: 0 }));
    await clone(db, templates, guests, plan, 'tb');
    const seedMs = Date.now() - seedStart;
    const [{ n: asleep }] = (await db.query<{ n: string }>('select count(*) as n from game_sessions where sleeping')).rows;

    // ---- Deadline accuracy, process running: D deadlines spread over 20 s, starting 20 s from now.
    const firstAt = Date.now() + 20_000;
    const running = await deadlineRun(db, templates, guests, 'da', firstAt, 20_000);

    // ---- P players each open one of their sleeping tables (clones 0..P−1: seat 0 is player i).
    const latencies: number[] = [];
    let next = 0;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < players) {
        const i = next++;
        const id = `tb${i}`;
        const t0 = performance.now();
        const res = await fetch(`${http}/api/games/${id}/wake`, { method: 'POST', headers: { authorization: `Bearer ${guests[i].token}` } });
        if (res.status !== 200) throw new Error(`wake ${id}: ${res.status} ${await res.text()}`);
        const room = await ready(await new Client(`ws://127.0.0.1:${port}`).joinById(id, { token: guests[i].token }));
        latencies.push(performance.now() - t0);
        open.push(room);
      }
    }));
    const timed = await running.done;
    await sleep(3_000);
    const rssOnline = median(server, 5);
    const rss = await rssOnline;

    // ---- Everyone goes; the tables sleep again; restart with D deadlines falling after it.
    await Promise.all(open.splice(0).map((r) => r.leave(false).catch(() => undefined)));
    await until(async () => Number((await db.query<{ n: string }>('select count(*) as n from game_sessions where not sleeping and status = $1', ['running'])).rows[0].n) === 0, 120_000, 'every table asleep again');
    await server.stop();
    server = null;
    const restartAt = Date.now();
    const afterRestart = await deadlineRun(db, templates, guests, 'dr', restartAt + 45_000, 20_000);
    server = await startServerProcess(port, env, undefined, BUILT_SERVER);
    const healthyAt = Date.now();
    const startedMs = healthyAt - restartAt;
    afterRestart.healthyAt = healthyAt;
    const timedAfter = await afterRestart.done;
    const rssIdle = await median(server, 5);
    const [{ n: total }] = (await db.query<{ n: string }>('select count(*) as n from game_sessions')).rows;

    return {
      scenario: 'turnbased', tables: Number(total), sleepingAtStart: Number(asleep), playersOnline: players, seedMs,
      wakeToFirstPatchMs: summarise(latencies.sort((a, b) => a - b)), wakeConcurrency: concurrency,
      rssMiB: { playersOnline: rss, idleAfterRestart: rssIdle },
      deadlineLatenessMs: { running: timed, afterRestart: timedAfter }, restartToHealthyMs: startedMs,
    };
  } finally {
    await Promise.all(open.map((r) => r.leave(true).catch(() => undefined)));
    await server?.stop();
    await db.end();
    await schema.drop();
  }
}

async function median(server: ServerProcess, samples: number): Promise<number> {
  const seen: number[] = [];
  for (let i = 0; i < samples; i++) {
    seen.push(server.usage().rssMiB);
    await sleep(1000);
  }
  return Math.round(seen.sort((a, b) => a - b)[Math.floor(samples / 2)]);
}

/** A few real turn-based tables played until they sleep: what every clone is copied from. */
async function playTemplates(http: string, ws: string, db: pg.Client): Promise<Template[]> {
  const ids: string[] = [];
  for (let t = 0; t < TEMPLATES; t++) {
    const [a, b] = await Promise.all([0, 1].map(async () => (await (await fetch(`${http}/api/identity`, { method: 'POST' })).json()) as Guest));
    const client = new Client(ws);
    const host = await ready(await client.create(GAME, { private: true, pace: 'turn', moveClock: '24h', token: a.token }));
    const other = await ready(await client.joinById(host.roomId, { token: b.token }));
    const state = host.state as { players: Map<string, unknown>; phase: string; active: number[] };
    await until(() => state.players.size === 2, 30_000, 'two seated');
    host.send('start', {});
    await until(() => state.phase === 'playing', 30_000, 'playing');
    // The bots move at once; then both go and the table sleeps.
    await until(() => state.active.length > 0 && state.active.every((s) => s < 2), 30_000, 'the bots moved');
    await Promise.all([host, other].map((r) => r.leave(false)));
    ids.push(host.roomId);
  }
  await until(async () => Number((await db.query<{ n: string }>('select count(*) as n from game_sessions where sleeping and id = any($1)', [ids])).rows[0].n) === ids.length, 120_000, 'the templates asleep');
  const rows = (await db.query<{ id: string; started_at: string; wake_at: string; seats: Seat[]; turn: Turn }>('select id, started_at, wake_at, seats, turn from game_sessions where id = any($1) order by id', [ids])).rows;
  return rows.map((r) => ({ id: r.id, startedAt: Number(r.started_at), wakeAt: Number(r.wake_at), seats: r.seats, turn: r.turn }));
}

/**
 * Clones: row i copies template i mod T with id `${prefix}${i}`, seats 0 and 1 held by players
 * i and i+1 (mod P), and every time moved by `shift` ms (the deadline with it).
 */
async function clone(db: pg.Client, templates: Template[], guests: Guest[], plan: { i: number; shift: number }[], prefix: string): Promise<void> {
  const BATCH = 1000;
  for (let start = 0; start < plan.length; start += BATCH) {
    const batch = plan.slice(start, start + BATCH);
    for (const [k, template] of templates.entries()) {
      const mine = batch.filter((p) => p.i % templates.length === k);
      if (mine.length === 0) continue;
      const ids = mine.map((p) => `${prefix}${p.i}`);
      const seats = mine.map((p) => JSON.stringify(template.seats.map((s) => s.bot ? s : { ...s, ...pick(guests, p.i + s.seat) })));
      const starts = mine.map((p) => template.startedAt + p.shift);
      const wakes = mine.map((p) => template.wakeAt + p.shift);
      const turns = mine.map((p) => JSON.stringify({
        ...template.turn, deadline: template.turn.deadline === null ? null : template.turn.deadline + p.shift,
        activeSince: template.turn.activeSince.map((a) => (a === 0 ? 0 : a + p.shift)),
      }));
      await db.query(`insert into game_sessions (id, game, variant, options, seed, started_at, seats, private, rated, status, owner, fence, code, sleeping, wake_at, turn)
        select v.id, t.game, t.variant, t.options, t.seed, v.started, v.seats::jsonb, t.private, t.rated, t.status, t.owner, t.fence, null, true, v.wake, v.turn::jsonb
        from game_sessions t, unnest($2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::text[]) as v(id, seats, started, wake, turn) where t.id = $1`,
      [template.id, ids, seats, starts, wakes, turns]);
      await db.query(`insert into game_log_chunks (game_id, chunk, entries) select v.id, c.chunk, c.entries
        from game_log_chunks c, unnest($2::text[]) as v(id) where c.game_id = $1`, [template.id, ids]);
    }
  }
}

function pick(guests: Guest[], n: number): { identityId: string; name: string } {
  const g = guests[n % guests.length];
  return { identityId: g.identity.id, name: g.identity.display };
}

/**
 * D more clones whose deadlines fall from `firstAt`, spread over `spreadMs`; `done` resolves with
 * how late each deadline's default move reached the store (its time to a new journal chunk).
 */
async function deadlineRun(db: pg.Client, templates: Template[], guests: Guest[], prefix: string, firstAt: number, spreadMs: number) {
  const plan = Array.from({ length: DEADLINE_TABLES }, (_, i) => {
    const template = templates[i % templates.length];
    return { i, shift: firstAt + Math.round((i / DEADLINE_TABLES) * spreadMs) - template.wakeAt };
  });
  await clone(db, templates, guests, plan, prefix);
  const ids = plan.map((p) => `${prefix}${p.i}`);
  const dueAt = new Map(plan.map((p) => [`${prefix}${p.i}`, templates[p.i % templates.length].wakeAt + p.shift]));
  const run = { healthyAt: 0, done: Promise.resolve({} as Record<string, number>) };
  run.done = (async () => {
    const late = new Map<string, number>();
    const end = firstAt + spreadMs + 120_000;
    while (late.size < ids.length && Date.now() < end) {
      // The clock's default is journalled as an advance (`x`) stamped with the time it applied.
      const rows = (await db.query<{ game_id: string; started_at: string; entries: { k: string; t: number }[] }>(
        'select c.game_id, s.started_at, c.entries from game_log_chunks c join game_sessions s on s.id = c.game_id where c.game_id = any($1)',
        [ids.filter((id) => !late.has(id))])).rows;
      for (const r of rows) {
        const advance = r.entries.find((e) => e.k === 'x');
        // A deadline that fell while no process ran (a slow restart) is counted from the restart.
        if (advance && !late.has(r.game_id)) late.set(r.game_id, Number(r.started_at) + advance.t - Math.max(dueAt.get(r.game_id)!, run.healthyAt));
      }
      await sleep(POLL_MS);
    }
    const values = [...late.values()].sort((a, b) => a - b);
    const dueBeforeRestart = run.healthyAt === 0 ? 0 : [...dueAt.values()].filter((d) => d < run.healthyAt).length;
    return { ...summarise(values), fired: values.length, of: ids.length, within5s: values.filter((v) => v <= 5_000).length, dueBeforeRestart };
  })();
  return run;
}
