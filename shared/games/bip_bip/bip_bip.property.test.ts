/** Seeded bot games: every game ends, cards are conserved, the board keeps 3 cars of each colour, no hidden hand leaks. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../random.js';
import { botProposals, simulate, type Proposal } from '../testing/simulate.js';
import type { BipAction } from './actions.js';
import type { GameEvent } from '../contract.js';
import { bipBipGame as game } from './index.js';
import { bipOptions } from './options.js';
import type { BipState } from './state.js';

function assertNoLeak(s: BipState, events: GameEvent[], now: number): void {
  const pub = JSON.stringify(game.publicView(s, now));
  // A challenged claim's card goes back to its claimer: it was shown to everybody already (4.4), so its event may name it.
  const publicEvents = JSON.stringify(events.filter((e) => !e.to && e.type !== 'challenge'));
  const views = Array.from({ length: s.seats }, (_, seat) => JSON.stringify(game.seatView(s, seat, now)));
  for (let seat = 0; seat < s.seats; seat++) {
    for (const id of s.hands[seat]) {
      const face = `"id":${id},`;
      if (pub.includes(face)) throw new Error(`card ${id} of seat ${seat} is in the public view`);
      if (publicEvents.includes(`"card":${id},`)) throw new Error(`card ${id} of seat ${seat} is in a public event`);
      views.forEach((v, other) => {
        if (other !== seat && v.includes(face)) throw new Error(`card ${id} of seat ${seat} is in seat ${other}'s view`);
      });
      for (const e of events) if (e.to && !e.to.includes(seat) && e.card === id && e.type === 'penaltyCard') throw new Error('private event leaks');
    }
    if (!views[seat].includes(`"id":${s.hands[seat][0]},`) && s.hands[seat].length > 0) throw new Error('own hand missing');
  }
  const view = game.publicView(s, now);
  if (view.lastClaim && s.hands.some((h) => h.includes(view.lastClaim!.card))) throw new Error('shown claim is in a hand');
  view.players.forEach((p, seat) => {
    if (p.handCount !== s.hands[seat].length) throw new Error('hand count is wrong');
    if (p.hand !== undefined) throw new Error('hand is public although hidden');
  });
}

function checkInvariants(s: BipState, seed: number): void {
  const all = [...s.hands.flat(), ...s.claimed.flat(), ...s.aside, ...s.expertPile];
  if (all.length !== 60 || new Set(all).size !== 60) throw new Error(`seed ${seed}: cards not conserved (${all.length})`);
  if (s.phase !== 'swap') {
    for (const c of ['R', 'B', 'Y']) if (s.board.filter((x) => x === c).length !== 3) throw new Error(`seed ${seed}: not 3 ${c} cars`);
  }
}

interface Outcome { state: BipState; moves: number; claims: number; wrong: number; challenges: number }

export function playOut(seed: number, seats: number, extra: Record<string, unknown>, sloppy = false): Outcome {
  const rng = new Rng(seed);
  const options = bipOptions.parse({ players: seats, ...extra });
  const out = { moves: 0, claims: 0, wrong: 0, challenges: 0 };
  const bots = botProposals(game.bot, Array.from({ length: seats }, (_, seat) => seat), (seat) => ((seat + seed) % 2 === 0 ? 'hard' : 'easy'), rng);
  const { state } = simulate(game, game.setup(options, seats, seed, 0), {
    propose: (s, now) => {
      const proposals: Proposal<BipAction>[] = bots(s, now);
      // A careless human now and then: a claim of a random card of theirs (usually wrong).
      if (sloppy && rng.next() < 0.05) {
        const seat = rng.int(seats);
        if (s.hands[seat].length > 0 && s.phase === 'play') proposals.push({ seat, action: { type: 'claim', card: rng.pick(s.hands[seat]) }, delayMs: rng.int(500), careless: true });
      }
      return proposals;
    },
    done: (s) => game.result(s) !== null,
    maxSteps: 20_000,
    immutabilityEvery: 50,
    label: `seed ${seed}`,
    check: ({ state: s, events, now }) => {
      for (const e of events) {
        if (e.type === 'move') out.moves++;
        if (e.type === 'bip') out.claims++;
        if (e.type === 'penalty') out.wrong++;
        if (e.type === 'challenge') out.challenges++;
      }
      checkInvariants(s, seed);
      if (s.rules.hiddenHands) assertNoLeak(s, events, now);
    },
  });
  return { state, ...out };
}

describe('seeded bot games', () => {
  for (const seats of [2, 3, 4]) {
    it(`${seats} bots, one hand: every game ends with one winner holding no card, cards conserved`, () => {
      let moves = 0;
      for (let k = 0; k < 8; k++) {
        const o = playOut(100 * seats + k, seats, { hiddenHands: k % 2 === 1, freezeMs: k % 3 === 0 ? 0 : 1000 });
        const r = game.result(o.state)!;
        expect(r).not.toBeNull();
        expect(r.seats.filter((x) => x.place === 1)).toHaveLength(1);
        expect(r.seats.find((x) => x.place === 1)!.score).toBe(0);
        moves += o.moves;
      }
      expect(moves).toBeGreaterThan(0);
    });
  }
  it('three-round matches with hidden hands, handicaps and careless claims end; no hand leaks', () => {
    let wrong = 0;
    for (let k = 0; k < 6; k++) {
      const seats = 2 + (k % 3);
      const o = playOut(900 + k, seats, { variant: 'three_rounds', hiddenHands: true, handicap: [2], leaderChooses: k % 2 === 0, betweenRoundsMs: 1000 }, true);
      expect(o.state.scores).toHaveLength(3);
      expect(game.result(o.state)).not.toBeNull();
      wrong += o.wrong;
    }
    expect(wrong).toBeGreaterThan(0);
  });
  it('manualReferee games with careless claims end, and bots challenge wrong claims', () => {
    let challenges = 0;
    for (let k = 0; k < 6; k++) {
      const o = playOut(700 + k, 2 + (k % 3), { manualReferee: true, hiddenHands: k % 2 === 0 }, true);
      expect(game.result(o.state)).not.toBeNull();
      challenges += o.challenges;
    }
    expect(challenges).toBeGreaterThan(0);
  });
});
