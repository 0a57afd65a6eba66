/**
 * Fairness of contested grabs (DESIGN.md): two simulated players with the same reaction time,
 * one with a 20 ms round trip and one with 150 ms, race for the same face-up Railway Madness
 * card after every change. Each player sees a change half a round trip late and its grab arrives
 * half a round trip after it acts. Run once with compensation (window ≥ the slow RTT) and once
 * without (window 0): the share of contested grabs each wins is the figure.
 */
import { Client, type Room } from 'colyseus.js';
import { ActionStamper } from '../../shared/protocol/stamper.js';
import { Rng } from '../../shared/random.js';
import type { RailwayPublicView } from '../../shared/games/railway/views.js';
import { readTableViews } from '../../shared/wire/registry.js';

interface Synced { game: string; phase: string; version: number; changedAt: number; table?: unknown; players: Map<string, { secret?: unknown }> }

interface Racer { name: string; rttMs: number; room: Room<Synced>; wins: number; stamper: ActionStamper }

const REACTION_MS = 250;
const JITTER_MS = 60;

export async function runFairness(endpoint: string, windowMs: number, contests: number, seed = 1) {
  const rng = new Rng(seed);
  const racers: Racer[] = [];
  let contested = 0;
  let tables = 0;
  while (contested < contests) {
    tables++;
    const fast = await new Client(endpoint).create<Synced>('railway_madness', { private: true, variant: 'juniors', players: 2, name: 'fast' });
    const slow = await new Client(endpoint).joinById<Synced>(fast.roomId, { name: 'slow' });
    const pair: Racer[] = [
      { name: 'rtt20', rttMs: 20, room: fast, wins: racers[0]?.wins ?? 0, stamper: new ActionStamper() },
      { name: 'rtt150', rttMs: 150, room: slow, wins: racers[1]?.wins ?? 0, stamper: new ActionStamper() },
    ];
    racers.splice(0, 2, ...pair);
    const pending = new Map<number, number>();
    const done = new Promise<void>((resolve) => {
      for (const r of pair) {
        let lastSeen = -1;
        r.room.onMessage('ack', () => { r.wins++; });
        r.room.onMessage('error', () => undefined);
        r.room.onMessage('events', () => undefined);
        r.room.onStateChange((s) => {
          if (s.phase === 'finished') return resolve();
          if (s.phase !== 'playing' || s.version === lastSeen || !s.table) return;
          lastSeen = s.version;
          const snapshot = { version: s.version, changedAt: s.changedAt, table: readTableViews(s, r.room.sessionId)!.publicView as RailwayPublicView };
          // The player sees the change half a round trip later, reacts, and the grab travels half a round trip.
          setTimeout(() => {
            const seenAt = Date.now();
            r.stamper.noteState(snapshot.version, snapshot.changedAt, seenAt);
            const slot = snapshot.table.table.findIndex((t) => t !== null);
            if (slot < 0) return;
            const reaction = REACTION_MS + rng.int(JITTER_MS);
            setTimeout(() => {
              const stamp = r.stamper.stamp(Date.now(), Date.now());
              pending.set(snapshot.version, (pending.get(snapshot.version) ?? 0) + 1);
              if (pending.get(snapshot.version) === 2) contested++;
              setTimeout(() => r.room.send('action', { id: snapshot.version, a: { type: 'take', slot }, t: stamp }), r.rttMs / 2);
            }, reaction);
          }, r.rttMs / 2);
        });
      }
    });
    fast.send('start', {});
    await Promise.race([done, new Promise((r) => setTimeout(r, 120_000))]);
    await Promise.all(pair.map((r) => r.room.leave(true).catch(() => undefined)));
  }
  const total = racers[0].wins + racers[1].wins;
  return {
    windowMs,
    tables,
    contested,
    reactionMs: `${REACTION_MS}+U(0,${JITTER_MS})`,
    shares: Object.fromEntries(racers.map((r) => [r.name, Math.round((r.wins / Math.max(1, total)) * 1000) / 10])),
  };
}

/** `npm run bench -- fairness --trials 200`: both runs, each against its own server process. */
export async function runScenario(values: Record<string, string | undefined>, withServers: (n: number, run: (s: { port: number }[]) => Promise<object>, env?: Record<string, string>) => Promise<object>) {
  const contests = Number(values.trials ?? 200);
  const compensated = await withServers(1, async (s) => runFairness(`ws://127.0.0.1:${s[0].port}`, Number(values.window ?? 150), contests), { RACE_WINDOW_MS: values.window ?? '150' });
  const uncompensated = await withServers(1, async (s) => runFairness(`ws://127.0.0.1:${s[0].port}`, 0, contests), { RACE_WINDOW_MS: '0' });
  return { scenario: 'fairness', compensated, uncompensated };
}
