/**
 * Tournament night: N players register over HTTP, check in, and every round each one learns its
 * table, joins it as a real websocket client and plays it with the view bot until the tournament
 * is finished. Reports stored results against the tables played.
 *
 * How a player learns its table (`--join`): `poll` asks GET /me (32 requests in flight, then a
 * pause of a second); `stream` keeps the player's own event stream (GET /:id/me/events) open on
 * one of the processes and joins when "table ready" is pushed.
 *
 * Who plays (`--generator`): `raw` (default) seats that speak the Colyseus protocol minimally, one
 * decoding seat per table (loadtest/capacity/rawTournamentSeats.ts), so 1,024 players joining in
 * the same second measure the servers' join path and not this process; `colyseus` a colyseus.js
 * client per seat (every one decoding every patch), as a browser.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { findGame } from '../../shared/games/registry.js';
import { RawTournamentSeats, type JoinSteps } from '../capacity/rawTournamentSeats.js';
import { LoadPlayer } from '../playerClient.js';
import { summarise } from '../stats.js';
import { readEvents } from '../eventStream.js';
import { inParallel } from '../../server/inParallel.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(base: string, method: string, path: string, body?: unknown, token?: string): Promise<Json> {
  const res = await fetch(`${base}/api/tournaments${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Json>;
}

/** A bounded number of requests in flight: 1,024 players polling at once would flood one process's accept queue. */
async function inBatches<T>(items: T[], size: number, run: (item: T, index: number) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    await Promise.all(items.slice(start, start + size).map((item, k) => run(item, start + k)));
  }
}

export async function runTournamentNight(o: { base: string; bases: string[]; endpoints: string[]; players: number; rounds: number; game: string; variant: string; tableSize: number; timeoutMs: number; join: 'poll' | 'stream'; generator: 'raw' | 'colyseus'; thinkMs: [number, number]; viewers: number; registerConcurrency: number }) {
  const game = findGame(o.game);
  if (!game) throw new Error(`unknown game ${o.game}`);
  const started = Date.now();
  const created = await call(o.base, 'POST', '/', { name: 'Load night', game: o.game, variant: o.variant, tableSize: o.tableSize, rounds: o.rounds, startsAt: Date.now() + 3_600_000 });
  const id: string = created.tournament.id;
  const players: { token: string; seatId: string; name: string; played: Set<string>; clients: LoadPlayer[]; finishedSeen?: boolean }[] = [];
  const registerMs: number[] = [];
  const checkInMs: number[] = [];
  // --register-concurrency N: N players registering at the same time (as many browsers would), spread over the processes; 1: one after another on the first.
  const registrants = Array.from({ length: o.players }, (_, i) => i);
  await inParallel(registrants, Math.max(1, o.registerConcurrency), async (i) => {
    const base = o.registerConcurrency > 1 ? o.bases[i % o.bases.length] : o.base;
    const t0 = Date.now();
    const reg = await call(base, 'POST', `/${id}/register`, { name: `p${i}` });
    const t1 = Date.now();
    await call(base, 'POST', `/${id}/check-in`, {}, reg.token);
    registerMs.push(t1 - t0);
    checkInMs.push(Date.now() - t1);
    players[i] = { token: reg.token, seatId: reg.seatId, name: reg.name, played: new Set(), clients: [] };
  });

  let seed = 1;
  let finished = false;
  const deadline = Date.now() + o.timeoutMs;
  // Time from a table's "ready" being known to its player's seat being taken (both join modes).
  const joinsByRound = new Map<number, number[]>();
  // Each round's steps as the players saw them (Date.now() here): the first frame naming the round
  // (its tables are being opened), and every table-ready frame; each join's reservation and websocket join.
  const roundSeenAt = new Map<number, number>();
  const readyAt = new Map<number, number[]>();
  const told = new Set<string>();
  const stepsByRound = new Map<number, { reserveMs: number[]; connectMs: number[] }>();
  const stepsOf = (round: number) => {
    if (!stepsByRound.has(round)) stepsByRound.set(round, { reserveMs: [], connectMs: [] });
    return stepsByRound.get(round)!;
  };
  const raw = new RawTournamentSeats(game, o.thinkMs);
  const joinErrors: string[] = [];
  const join = async (p: typeof players[number], i: number, roomId: string, round: number) => {
    if (p.played.has(roomId)) return;
    p.played.add(roomId);
    const t0 = Date.now();
    if (!readyAt.has(round)) readyAt.set(round, []);
    // The first time this player is told (a failed join is retried on a later frame).
    if (!told.has(`${i} ${round}`)) readyAt.get(round)!.push(t0);
    told.add(`${i} ${round}`);
    const steps: Partial<JoinSteps> = {};
    let joined: Promise<void>;
    if (o.generator === 'raw') {
      joined = raw.join(o.bases[i % o.bases.length], roomId, { name: p.name, playerId: p.seatId }, steps);
    } else {
      const client = new LoadPlayer(o.endpoints[i % o.endpoints.length], game, seed++);
      p.clients.push(client);
      joined = client.joinReserved(roomId, p.seatId, p.name);
    }
    await joined.then(() => {
      if (!joinsByRound.has(round)) joinsByRound.set(round, []);
      joinsByRound.get(round)!.push(Date.now() - t0);
      if (steps.reservedAt !== undefined && steps.joinedAt !== undefined) {
        stepsOf(round).reserveMs.push(steps.reservedAt - t0);
        stepsOf(round).connectMs.push(steps.joinedAt - steps.reservedAt);
      }
    }, (error: unknown) => {
      joinErrors.push(`join: ${error instanceof Error ? error.message : String(error)}`);
      p.played.delete(roomId);
    });
  };
  // The most rooms each process held at once (GET /health), to see where the tables opened.
  const peakRooms = o.bases.map(() => 0);
  const sampler = setInterval(() => o.bases.forEach((b, k) => {
    fetch(`${b}/health`).then((r) => r.json() as Promise<{ rooms: number }>).then((h) => { peakRooms[k] = Math.max(peakRooms[k], h.rooms); }, () => undefined);
  }), 1000);
  // Stream mode: every player's own event stream is open before the start, as in a browser.
  let done = 0;
  const streams = o.join !== 'stream' ? [] : players.map((p, i) => readEvents<Json>(`${o.bases[i % o.bases.length]}/api/tournaments/${id}/me/events`, p.token, (me) => {
    if (typeof me.round === 'number' && me.round > 0 && !roundSeenAt.has(me.round)) roundSeenAt.set(me.round, Date.now());
    if (me.status === 'finished' && !p.finishedSeen) {
      p.finishedSeen = true;
      done++;
    }
    if (me.table?.ready) void join(p, i, me.table.roomId as string, me.round as number);
  }, false));
  // --viewers N: public watchers of the tournament page (its whole view on every change), spread over the processes.
  const viewerFrames: number[] = [];
  const viewers = Array.from({ length: o.viewers }, (_, k) => readEvents<Json>(`${o.bases[k % o.bases.length]}/api/tournaments/${id}/events`, undefined, (view) => {
    viewerFrames.push(JSON.stringify(view).length);
  }, false));
  const registeredMs = Date.now() - started;
  const startCalledAt = Date.now();
  await call(o.base, 'POST', `/${id}/start`, {}, created.organiserToken);
  const nightStartedAt = Date.now();
  const generatorCpuAtStart = process.cpuUsage();
  // How late this process' own event loop ran during the night: a join that waited here was the generator's, not the servers'.
  const generatorLoop = monitorEventLoopDelay({ resolution: 10 });
  generatorLoop.enable();
  while (o.join === 'stream' && done < players.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1000));
  for (const s of streams) s.stop();
  while (o.join === 'poll' && !finished && Date.now() < deadline) {
    await inBatches(players, 32, async (p, i) => {
      const me = await call(o.base, 'GET', `/${id}/me`, undefined, p.token);
      if (me.status === 'finished') finished = true;
      if (me.table?.ready) await join(p, i, me.table.roomId as string, me.round as number);
    });
    await new Promise((r) => setTimeout(r, 1000));
  }
  clearInterval(sampler);
  for (const v of viewers) v.stop();
  generatorLoop.disable();
  const generatorCpu = process.cpuUsage(generatorCpuAtStart);
  const nightMs = Date.now() - nightStartedAt;
  const view = await call(o.base, 'GET', `/${id}`);
  const tables = (view.rounds as Json[]).flatMap((r) => r.tables as Json[]);
  let stored = 0;
  const unstored: string[] = [];
  /** Per stored table: when its game ended (the result's `finishedAt`) and when the tournament took the result (the table's). */
  const ends: { round: number; gameEndedAt: number; reportedAt: number | null }[] = [];
  for (const round of view.rounds as Json[]) {
    for (const t of round.tables as Json[]) {
      const response = t.roomId ? await fetch(`${o.base}/api/results/${t.roomId}`) : null;
      if (!response?.ok) {
        unstored.push(String(t.roomId ?? t.id));
        continue;
      }
      stored++;
      const result = await response.json() as Json;
      if (typeof result.finishedAt === 'number') ends.push({ round: round.number as number, gameEndedAt: result.finishedAt, reportedAt: typeof t.finishedAt === 'number' ? t.finishedAt : null });
    }
  }
  const clients = players.flatMap((p) => p.clients);
  await Promise.all(clients.map((c) => c.leave()));
  await raw.stop();
  const stats = [...clients.map((c) => c.stats), ...raw.seats.map((seat) => seat.stats)];
  const readyToSeated = [...joinsByRound.values()].flat();
  const latencies = stats.flatMap((c) => c.latencies);
  const errors = [...stats.flatMap((c) => c.errors), ...joinErrors];
  return {
    scenario: 'tournament',
    game: o.game,
    players: o.players,
    rounds: o.rounds,
    status: view.tournament.status,
    tables: tables.length,
    generator: o.generator,
    thinkMs: o.generator === 'raw' ? o.thinkMs : [150, 600],
    seatsJoined: readyToSeated.length,
    durationMs: Date.now() - started,
    registrationMs: registeredMs,
    registerConcurrency: o.registerConcurrency,
    errors: errors.length,
    errorKinds: [...new Set(errors)],
    latencyMs: summarise(latencies),
    joinMode: o.join,
    joinMs: summarise(readyToSeated),
    joinMsByRound: Object.fromEntries([...joinsByRound].sort(([a], [b]) => a - b).map(([round, times]) => [round, summarise(times)])),
    /** Per registration request (sequential): POST /register, then POST /check-in. */
    registrationStepsMs: { register: summarise(registerMs), checkIn: summarise(checkInMs) },
    /**
     * Each round's steps. `opening`: from the first frame naming the round (round 1: the start
     * call) to the first / last table-ready frame a player got (the tables are opened in between);
     * `tablesPerSecond`: the round's tables over that last figure. Per join: `reserve` from the
     * ready frame to the seat reservation's answer (matchmake HTTP: the join hold, the remote
     * reservation), `connect` from there to the websocket's JOIN_ROOM.
     */
    roundSteps: Object.fromEntries([...readyAt].sort(([a], [b]) => a - b).map(([round, times]) => {
      const seen = round === 1 ? startCalledAt : roundSeenAt.get(round) ?? Math.min(...times);
      const last = Math.max(...times) - seen;
      const tablesOfRound = (view.rounds as Json[]).find((r) => r.number === round)?.tables.length ?? 0;
      return [round, {
        tables: tablesOfRound,
        openingToFirstReadyMs: Math.min(...times) - seen,
        openingToLastReadyMs: last,
        tablesPerSecond: Math.round((tablesOfRound / Math.max(1, last)) * 1000 * 10) / 10,
        reserveMs: summarise(stepsOf(round).reserveMs),
        connectMs: summarise(stepsOf(round).connectMs),
      }];
    })),
    /**
     * After each round's games (server clocks): `reportedAfterGameMs` per table, from its game's end
     * to the tournament recording its result (the results outbox: store, rate, report); from the
     * round's last game end to its last result recorded, and to the next round's start.
     */
    roundResults: Object.fromEntries((view.rounds as Json[]).map((round) => {
      const mine = ends.filter((e) => e.round === round.number);
      const lastGameEnd = Math.max(...mine.map((e) => e.gameEndedAt));
      const reported = mine.flatMap((e) => (e.reportedAt === null ? [] : [e.reportedAt]));
      const next = (view.rounds as Json[]).find((r) => r.number === (round.number as number) + 1);
      return [round.number, mine.length === 0 ? null : {
        games: mine.length,
        reportedAfterGameMs: summarise(mine.flatMap((e) => (e.reportedAt === null ? [] : [e.reportedAt - e.gameEndedAt]))),
        lastGameToLastReportMs: reported.length > 0 ? Math.max(...reported) - lastGameEnd : null,
        lastGameToNextRoundMs: typeof next?.startedAt === 'number' ? next.startedAt - lastGameEnd : null,
      }];
    })),
    peakRoomsPerProcess: peakRooms,
    /**
     * This load generator's CPU from the start to the last round, as a share of one core. Its
     * clients' joins and moves run on one event loop: near 1, the join and action times include
     * the generator's own queueing, not only the servers'.
     */
    generatorCpuShare: Math.round(((generatorCpu.user + generatorCpu.system) / 1000 / Math.max(1, nightMs)) * 100) / 100,
    /** Public viewers' streams (`--viewers`): frames received by all of them, and their bytes (MB). */
    viewers: o.viewers === 0 ? null : { streams: o.viewers, frames: viewerFrames.length, megabytes: Math.round(viewerFrames.reduce((a, b) => a + b, 0) / 1e5) / 10 },
    /** Players whose event stream said "finished" before the night's deadline (stream mode). */
    finishedSeen: players.filter((p) => p.finishedSeen).length,
    /** The generator's event-loop delay over the night (ms): its own queueing, included in every join and action figure. */
    generatorLoopDelayMs: { p50: Math.round(generatorLoop.percentile(50) / 1e6), p99: Math.round(generatorLoop.percentile(99) / 1e6), max: Math.round(generatorLoop.max / 1e6) },
    resultsStored: stored,
    resultsExpected: tables.length,
    /** Rooms (or table ids when never opened) with no stored result when the night ended: the first 10. */
    unstoredTables: unstored.slice(0, 10),
    /**
     * Raw generator: from the server's JOIN_ROOM to the first full state, the answer to the seat's
     * acknowledgement (held while the table's changes wait for a patch, server/rooms/joinAcks.ts).
     */
    fullStateAfterJoinMs: o.generator === 'raw' ? summarise(raw.seats.filter((p) => p.seat.firstStateAt > 0).map((p) => p.seat.firstStateAt - p.seat.joinedAt)) : null,
    /**
     * Of the unstored tables (raw generator): those whose seats saw the game end (the result still on its way to
     * the store: the results outbox) and tables still playing on the seats' screens (a game that
     * did not end: before 7ccf324, seats whose decoded table had shifted offered only refused grabs).
     */
    unstoredSeenEnded: o.generator === 'raw' ? unstored.filter((roomId) => raw.sawEnd(roomId) === true).length : null,
    unstoredStillPlaying: o.generator === 'raw' ? unstored.filter((roomId) => raw.sawEnd(roomId) === false).length : null,
  };
}

/** `npm run bench -- tournament --players 1024 --rounds 3` */
export async function runScenario(values: Record<string, string | undefined>, withServers: (n: number, run: (s: { port: number }[]) => Promise<object>, env?: Record<string, string>, nodeArgs?: string[]) => Promise<object>) {
  return withServers(Number(values.processes ?? 1), async (servers) => {
    const night = (players: number, rounds: number) => runTournamentNight({
      base: `http://127.0.0.1:${servers[0].port}`,
      bases: servers.map((s) => `http://127.0.0.1:${s.port}`),
      join: values.join === 'stream' ? 'stream' : 'poll',
      generator: values.generator === 'colyseus' ? 'colyseus' : 'raw',
      thinkMs: (values.think ?? '150,600').split(',').map(Number) as [number, number],
      endpoints: servers.map((s) => `ws://127.0.0.1:${s.port}`),
      players,
      rounds,
      game: values.game ?? 'railway_madness',
      variant: values.variant ?? 'express',
      tableSize: Number(values.seats ?? 4),
      timeoutMs: Number(values.timeout ?? 1_800_000),
      viewers: Number(values.viewers ?? 0),
      registerConcurrency: Number(values['register-concurrency'] ?? 1),
    });
    // --warmup N: a one-round night of N players first, on the same servers (a night on servers
    // that have already run tables, as a deployment's are, against freshly started ones).
    const warmup = values.warmup ? await night(Number(values.warmup), 1) : null;
    const measured = await night(Number(values.players ?? 64), Number(values.rounds ?? 3));
    return warmup ? { ...measured, warmup: { players: warmup.players, status: warmup.status, joinMs: warmup.joinMs, errors: warmup.errors } } : measured;
  }, { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ABSENT_GRACE_MS: '5000', FINISHED_LINGER_MS: '3000', JUNCTION_TOURNAMENT_SECRET: 'bench-secret', JUNCTION_INTERNAL_KEY: 'bench-internal-key' },
  // --profile: each server writes a V8 CPU profile of the night there when it stops.
  values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : []);
}
