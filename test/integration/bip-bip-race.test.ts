/**
 * Bip! Bip!'s races over real sockets (issue: "two clients take the light in the same millisecond",
 * "claim vs move race judged on the seen board", "two claims on the same instant"), and the
 * hidden-hands option decoded on a raw client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import type { Room } from 'colyseus.js';
import { bootServer, collect, eventually, ready, secretOf, tableOf, type TestServer } from '../support/server.js';
import { measured } from '../support/latency.js';
import { sendInTurn } from '../support/arrivals.js';
import { recordRawBytes } from '../support/rawClient.js';
import { WireDecoder } from '../support/wireDecoder.js';
import { packedBytes } from '../../shared/wire/declare.js';
import type { PlayerState, TableState } from '../../server/state/TableState.js';
/** The fields of Bip! Bip!'s decoded parts this test reads (columns of shared/games/bip_bip/wire.ts; card lists are packed, shared/wire/declare.ts). */
interface BipSeatState { hand: string }
interface BipTableState {
  players: { forEach(cb: (p: { seat: number; handShown: boolean; hand: string; claimed: string }) => void): void };
  lastClaim?: { card: number };
  reviews: { forEach(cb: (r: { card: number }) => void): void };
}
import type { GameRoom } from '../../server/rooms/GameRoom.js';
import { carCells, findMatch, legalSteps, moved, type Board } from '../../shared/games/bip_bip/board.js';
import type { BipState } from '../../shared/games/bip_bip/state.js';
import type { BipPublicView, BipSeatView } from '../../shared/games/bip_bip/views.js';

recordRawBytes();
const WINDOW_MS = 150;
let server: TestServer;
beforeAll(async () => { server = await bootServer({ RACE_WINDOW_MS: WINDOW_MS }); });
afterAll(async () => { await server.stop(); });

type Synced = { phase: string; table?: unknown; players: Map<string, { seat: number; secret?: unknown }> };
type Answer = { id: number; code?: string; key?: string; params?: Record<string, unknown> };
const pub = (r: Room<Synced>) => tableOf<BipPublicView>(r);
const seatOf = (r: Room<Synced>) => r.state.players.get(r.sessionId)!.seat;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Table { a: Room<Synced>; b: Room<Synced>; room: GameRoom; engine: () => BipState }

async function table(options: Record<string, unknown> = {}): Promise<Table> {
  const a = await ready(await server.client().create<Synced>('bip_bip', { name: 'Ana', private: true, players: 2, countdownMs: 0, ...options }));
  const b = await ready(await server.client().joinById<Synced>(a.roomId, { name: 'Bo' }));
  a.send('start', {});
  await eventually(() => a.state.phase === 'playing' && pub(a).phase === 'play' && pub(b).phase === 'play', 30_000, 'the round starts');
  const room = matchMaker.getLocalRoomById(a.roomId) as GameRoom;
  return { a, b, room, engine: () => room.engineState as BipState };
}

/** Answers (ack or error) to the action with this id, as they arrive. */
function answers(r: Room<Synced>): { acks: Answer[]; errors: Answer[]; of(id: number): Answer | undefined } {
  const acks = collect<Answer>(r, 'ack');
  const errors = collect<Answer>(r, 'error');
  return { acks, errors, of: (id) => acks.find((m) => m.id === id) ?? errors.find((m) => m.id === id) };
}

/** A step that leaves `card` unmatched (in every rotation) on the board after it, if there is one. */
function breakingStep(board: Board, before: Board | null, card: number): { from: number; to: number } | undefined {
  return legalSteps(board, before).find((s) => findMatch(moved(board, s.from, s.to), card) === null);
}

/** A card in this seat's hand that the board shows now. */
function matchingCard(s: BipState, seat: number): number | undefined {
  return s.hands[seat].find((card) => findMatch(s.board, card) !== null);
}

describe('Bip! Bip! races over real sockets', () => {
  it('two clients take the green light in the same millisecond: exactly one gets it, the other is told who was first', async () => {
    for (let round = 0; round < 5; round++) {
      const t = await table();
      const s = t.engine();
      const steps = legalSteps(s.board, s.beforeLastMove);
      const [one, two] = [steps[0], steps.find((x) => x.from !== steps[0].from && x.to !== steps[0].to && x.from !== steps[0].to && x.to !== steps[0].from)!];
      const [ans, bns] = [answers(t.a), answers(t.b)];
      const stamp = Date.now();
      t.a.send('action', { id: 1, a: { type: 'move', ...one, seen: s.boardVersion }, t: stamp });
      t.b.send('action', { id: 1, a: { type: 'move', ...two, seen: s.boardVersion }, t: stamp });
      await eventually(() => ans.of(1) && bns.of(1), 30_000, 'both answered');
      expect(ans.acks.length + bns.acks.length).toBe(1);
      const winner = ans.acks.length === 1 ? t.a : t.b;
      const loser = winner === t.a ? bns : ans;
      // The refusal names who took the light first: `bip_bip:error.stale` with { first: seat }.
      expect(loser.errors[0]).toMatchObject({ id: 1, code: 'stale', key: 'bip_bip:error.stale' });
      expect(loser.errors[0].params).toEqual({ first: `@${seatOf(winner)}` });
      const after = t.engine();
      expect(after.light).toBe(seatOf(winner));
      expect(after.boardVersion).toBe(s.boardVersion + 1);
      expect(after.board.filter((c) => c !== null)).toHaveLength(9);
      await eventually(() => pub(t.a).light === seatOf(winner) && pub(t.b).light === seatOf(winner), 30_000, 'both clients see the light holder');
      await Promise.all([t.a.leave(true), t.b.leave(true)]);
    }
  }, 60_000);

  /** A table where one player holds a card the board shows and the other can break it with one step. */
  async function claimAgainstMove(): Promise<Table & { claimer: Room<Synced>; mover: Room<Synced>; card: number; step: { from: number; to: number }; seen: number }> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const t = await table({ freezeMs: 1000 });
      const s = t.engine();
      for (const [claimer, mover] of [[t.a, t.b], [t.b, t.a]] as const) {
        const card = matchingCard(s, seatOf(claimer));
        const step = card === undefined ? undefined : breakingStep(s.board, s.beforeLastMove, card);
        if (card !== undefined && step) return { ...t, claimer, mover, card, step, seen: s.boardVersion };
      }
      await Promise.all([t.a.leave(true), t.b.leave(true)]);
    }
    throw new Error('no deal gave a claim that one step could break');
  }

  it('a claim made on the board the player saw wins over a move that arrived first but was made later (inside its measured delay)', async () => {
    // The claim is sent when the move has reached the room; a try where the room applied the move
    // first (its hold over on a loaded machine) proves nothing, and a fresh table is dealt.
    for (let attempt = 0; attempt < 10; attempt++) {
      const t = await claimAgainstMove();
      // The claimer is on a slow line (100 ms more round trip), so the room trusts its stamp 60 ms back.
      await Promise.all([measured(t.claimer, 100), measured(t.mover)]);
      const cars = carCells(findMatch(t.engine().board, t.card)!);
      const [moverAnswers, claimerAnswers] = [answers(t.mover), answers(t.claimer)];
      const handBefore = t.engine().hands[seatOf(t.claimer)].length;
      const now = Date.now();
      const inTurn = await sendInTurn(t.room,
        { from: t.mover, send: () => t.mover.send('action', { id: 5, a: { type: 'move', ...t.step, seen: t.seen }, t: now }) },
        { from: t.claimer, send: () => t.claimer.send('action', { id: 6, a: { type: 'claim', card: t.card, cars, seen: t.seen }, t: now - 60 }) });
      await eventually(() => claimerAnswers.of(6) && moverAnswers.of(5), 30_000, 'both answered');
      if (inTurn) {
        expect(claimerAnswers.acks.map((m) => m.id)).toEqual([6]);
        // The claim came first in game time: moves are frozen while it is shown, so the move is refused.
        expect(moverAnswers.errors[0]).toMatchObject({ id: 5, code: 'frozen' });
        const s = t.engine();
        expect(s.hands[seatOf(t.claimer)]).toHaveLength(handBefore - 1);
        expect(s.claimed[seatOf(t.claimer)]).toEqual([t.card]);
        expect(s.boardVersion).toBe(t.seen);
        await eventually(() => pub(t.mover).lastClaim?.card === t.card, 30_000, 'the mover is shown the claim');
        expect(pub(t.mover).lastClaim!.cars).toEqual(cars);
      }
      await Promise.all([t.a.leave(true), t.b.leave(true)]);
      if (inTurn) return;
    }
    throw new Error('in 10 tries the room never had both actions before applying one');
  }, 300_000);

  it('a claim on a board that changed longer ago than the window is refused without penalty', async () => {
    const t = await claimAgainstMove();
    const cars = carCells(findMatch(t.engine().board, t.card)!);
    const [moverAnswers, claimerAnswers] = [answers(t.mover), answers(t.claimer)];
    const seat = seatOf(t.claimer);
    const handBefore = [...t.engine().hands[seat]];
    t.mover.send('action', { id: 5, a: { type: 'move', ...t.step, seen: t.seen }, t: Date.now() });
    await eventually(() => moverAnswers.of(5), 30_000, 'the move is answered');
    expect(moverAnswers.acks.map((m) => m.id)).toEqual([5]);
    await pause(WINDOW_MS + 100);
    t.claimer.send('action', { id: 6, a: { type: 'claim', card: t.card, cars, seen: t.seen }, t: Date.now() - WINDOW_MS - 300 });
    await eventually(() => claimerAnswers.of(6), 30_000, 'the claim is answered');
    // `bip_bip:error.stale_claim`: the board changed, that card no longer matches (no penalty).
    expect(claimerAnswers.errors[0]).toMatchObject({ id: 6, code: 'stale_claim' });
    expect(claimerAnswers.errors[0].key).toBe('bip_bip:error.stale_claim');
    const s = t.engine();
    expect(s.hands[seat]).toEqual(handBefore);
    expect(s.blockedUntil[seat]).toBe(0);
    await Promise.all([t.a.leave(true), t.b.leave(true)]);
  }, 60_000);

  it('two claims in the same millisecond both count: claims go on while moves are frozen', async () => {
    let found: (Table & { cards: [number, number] }) | undefined;
    for (let attempt = 0; attempt < 30 && !found; attempt++) {
      const t = await table();
      const s = t.engine();
      const cards = [matchingCard(s, seatOf(t.a)), matchingCard(s, seatOf(t.b))];
      if (cards[0] !== undefined && cards[1] !== undefined) found = { ...t, cards: cards as [number, number] };
      else await Promise.all([t.a.leave(true), t.b.leave(true)]);
    }
    if (!found) throw new Error('no deal showed a card of each player');
    const t = found;
    const [ans, bns] = [answers(t.a), answers(t.b)];
    const seen = t.engine().boardVersion;
    const stamp = Date.now();
    t.a.send('action', { id: 1, a: { type: 'claim', card: t.cards[0], seen }, t: stamp });
    t.b.send('action', { id: 1, a: { type: 'claim', card: t.cards[1], seen }, t: stamp });
    await eventually(() => ans.of(1) && bns.of(1), 30_000, 'both answered');
    expect([ans.acks.length, bns.acks.length]).toEqual([1, 1]);
    const s = t.engine();
    expect(s.claimed[seatOf(t.a)]).toEqual([t.cards[0]]);
    expect(s.claimed[seatOf(t.b)]).toEqual([t.cards[1]]);
    await Promise.all([t.a.leave(true), t.b.leave(true)]);
  }, 60_000);
});

describe('Bip! Bip! with hidden hands on raw clients', () => {
  it('a hand reaches only its owner: no other player and no spectator receives it, before or after penalties', async () => {
    const a = await ready(await server.client().create<Synced>('bip_bip', { name: 'Ana', private: true, players: 3, hiddenHands: true, claimBlockMs: 0, countdownMs: 0 }));
    const others = [await ready(await server.client().joinById<Synced>(a.roomId, { name: 'Bo' })), await ready(await server.client().joinById<Synced>(a.roomId, { name: 'Cy' }))];
    const players = [a, ...others];
    a.send('start', {});
    await eventually(() => players.every((r) => r.state.table && pub(r).phase === 'play' && r.state.players.get(r.sessionId)?.secret), 30_000, 'the round starts');
    const watcher = await ready(await server.client().joinById<Synced>(a.roomId, { spectator: true }));
    const room = matchMaker.getLocalRoomById(a.roomId) as GameRoom;
    const engine = () => room.engineState as BipState;
    /** Which seats ever held each card. */
    const holders = new Map<number, Set<number>>();
    const sample = () => engine().hands.forEach((hand, seat) => {
      for (const card of hand) holders.set(card, (holders.get(card) ?? new Set()).add(seat));
    });
    sample();
    // Wrong claims hand a card from the fullest hand to the claimer (a penalty), so hands change.
    for (let k = 0; k < 6; k++) {
      const s = engine();
      const claimer = players[k % 3];
      const wrong = s.hands[seatOf(claimer)].find((card) => findMatch(s.board, card) === null);
      if (wrong !== undefined) claimer.send('action', { id: 100 + k, a: { type: 'claim', card: wrong, seen: s.boardVersion } });
      await pause(WINDOW_MS + 150);
      sample();
    }
    expect([...holders.values()].filter((seats) => seats.size > 1).length, 'penalty cards changed hands').toBeGreaterThan(2);
    const view = pub(watcher);
    expect(view.hiddenHands).toBe(true);
    expect(view.players.every((p) => p.hand === undefined)).toBe(true);
    expect(view.players.map((p) => p.handCount)).toEqual(engine().hands.map((h) => h.length));
    let checks = 0;
    for (const client of [...players, watcher]) {
      const mine = client === watcher ? null : seatOf(client);
      const who = mine === null ? 'the spectator' : `seat ${mine}`;
      if (mine !== null) {
        const own = secretOf<BipSeatView>(client)!;
        expect(own.hand.map((c) => c.id)).toEqual(engine().hands[mine]);
      }
      // Every card id this socket ever decoded, patch by patch (public claims, its own hand).
      const decodedCards = new Set<number>();
      let patches = 0;
      new WireDecoder(client).drain((_changes, decoded) => {
        const state = decoded as unknown as TableState;
        const table = state.table as BipTableState | undefined;
        state.players.forEach((p: PlayerState, id: string) => {
          if (id !== client.sessionId) expect(p.secret, `seat ${p.seat}'s hand reached ${who}`).toBeUndefined();
          else packedBytes((p.secret as BipSeatState | undefined)?.hand).forEach((card) => decodedCards.add(card));
        });
        if (!table) return;
        patches++;
        table.players.forEach((p) => {
          expect(p.handShown || p.hand.length > 0, `seat ${p.seat}'s hand is public to ${who}`).toBe(false);
          packedBytes(p.claimed).forEach((card) => decodedCards.add(card));
        });
        if (table.lastClaim) decodedCards.add(table.lastClaim.card);
        table.reviews.forEach((r) => decodedCards.add(r.card));
      });
      expect(patches).toBeGreaterThan(3);
      // A card only ever held by other seats (and never claimed) was never sent to this client.
      const claimed = new Set(engine().claimed.flat());
      for (const [card, seats] of holders) {
        if ((mine !== null && seats.has(mine)) || claimed.has(card)) continue;
        expect(decodedCards.has(card), `card ${card} reached ${who}`).toBe(false);
        checks++;
      }
    }
    expect(checks).toBeGreaterThan(20);
    await Promise.all([...players, watcher].map((r) => r.leave(true)));
  }, 60_000);
});
