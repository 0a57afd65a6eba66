/** Bip! Bip! actions and clocks (RULES-NOTES 4.4–4.5). */
import { Rng } from '../../random.js';
import { edit, editWithEvents } from '../edit.js';
import { ruleError, type Applied, type GameEvent, type RuleError } from '../contract.js';
import type { BipAction } from './actions.js';
import { carCells, cellName, findMatch, moved, moveProblem, type MoveProblem } from './board.js';
import { msg, seatRef, type Msg } from '../../i18n/msg.js';
import { isExpert } from './cards.js';
import { cardRef, cellList, colourRef } from './messages.js';
import { dealRound, startCountdown, swapCards } from './setup.js';
import type { BipState } from './state.js';

type Outcome = { ok: false; error: RuleError } | null;

export function applyBip(state: BipState, seat: number, action: BipAction, now: number): Applied<BipState> {
  if (state.phase === 'over') return ruleError('game_over');
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats) return ruleError('not_seated');
  const { state: next, result } = edit(state, (s) => {
    const events: GameEvent[] = [];
    const refused = action.type === 'move' ? move(s, seat, action, now, events)
      : action.type === 'claim' ? claim(s, seat, action, now, events)
        : action.type === 'challenge' ? challenge(s, seat, action, now, events)
          : swap(s, seat, action.cards, now, events);
    if (!refused) checkRoundEnd(s, now, events);
    return { refused, events };
  });
  if (result.refused) return result.refused;
  return { ok: true, state: next, events: result.events };
}

function notPlaying(s: BipState): Outcome {
  if (s.phase === 'countdown') return ruleError('not_started');
  if (s.phase === 'swap') return ruleError('swap_pending');
  if (s.phase === 'between') return ruleError('round_over');
  return null;
}


/** "Un joueur prend le feu vert ... et déplace la voiture désirée d'une intersection" (4.4). */
function move(s: BipState, seat: number, a: Extract<BipAction, { type: 'move' }>, now: number, events: GameEvent[]): Outcome {
  const waiting = notPlaying(s);
  if (waiting) return waiting;
  if (now < s.frozenUntil) return ruleError('frozen');
  if (a.seen !== undefined && a.seen !== s.boardVersion) {
    return s.lastMove && s.lastMove.seat !== seat ? ruleError('stale', { first: seatRef(s.lastMove.seat) }) : ruleError('stale_board');
  }
  // "Tant que le feu vert est posé devant un joueur, celui-ci ne peut faire d'autres déplacements."
  if (s.light === seat) return ruleError('light_held');
  const problem = moveProblem(s.board, s.beforeLastMove, a.from, a.to);
  if (problem) return ruleError(problem satisfies MoveProblem);
  const car = s.board[a.from]!;
  const other = s.board[a.to];
  s.beforeLastMove = s.board;
  s.board = moved(s.board, a.from, a.to);
  s.boardVersion++;
  s.boardChangedAt = now;
  s.light = seat;
  s.lastMove = { seat, from: a.from, to: a.to, swapped: other !== null };
  const params = { seat: seatRef(seat), colour: colourRef(car), from: cellName(a.from), to: cellName(a.to) };
  events.push({
    type: 'move', seat, from: a.from, target: a.to, swapped: other !== null,
    msg: other ? msg('bip_bip:event.move_swap', { ...params, other: colourRef(other) }) : msg('bip_bip:event.move', params),
  });
  return null;
}

/** "Bip! Bip!" (4.4 Claim). */
function claim(s: BipState, seat: number, a: Extract<BipAction, { type: 'claim' }>, now: number, events: GameEvent[]): Outcome {
  const waiting = notPlaying(s);
  if (waiting) return waiting;
  const hand = s.hands[seat];
  if (!hand.includes(a.card)) return ruleError('not_in_hand');
  if (now < s.blockedUntil[seat]) {
    return ruleError('blocked', { seconds: Math.ceil((s.blockedUntil[seat] - now) / 1000) });
  }
  const placement = findMatch(s.board, a.card, a.cars);
  // 4.4: a claim made on a board that has moved on since, and that fails now, costs nothing.
  if (!placement && a.seen !== undefined && a.seen !== s.boardVersion) {
    return ruleError('stale_claim');
  }
  if (!placement && !s.rules.manualReferee) return wrongClaim(s, seat, a.card, now, events);
  const cars = placement ? carCells(placement) : [...(a.cars ?? [])].sort((x, y) => x - y);
  s.hands[seat] = hand.filter((id) => id !== a.card);
  s.claimed[seat].push(a.card);
  s.lastClaim = { seat, card: a.card, cars, at: now };
  // "Le jeu s'interrompt un bref instant": moves freeze, claims go on (4.4).
  s.frozenUntil = Math.max(s.frozenUntil, now + s.rules.freezeMs);
  if (s.rules.manualReferee) {
    s.reviews.push({ seat, card: a.card, cars, at: now, until: now + s.rules.challengeMs, wrong: !placement, board: s.board.slice() });
  }
  events.push({
    type: 'bip', seat, card: a.card, cars, frozenUntil: s.frozenUntil,
    msg: cars.length ? msg('bip_bip:event.bip', { seat: seatRef(seat), card: cardRef(a.card), cells: cellList(cars) }) : msg('bip_bip:event.bip_no_cells', { seat: seatRef(seat), card: cardRef(a.card) }),
  });
  return null;
}

/**
 * 4.4 [R] Wrong claim: the claimer may not claim for claimBlockMs and receives one random card
 * from the opponent holding the most cards (ties: one of them at random).
 */
function wrongClaim(s: BipState, seat: number, card: number, now: number, events: GameEvent[]): Outcome {
  const rng = new Rng(s.rng);
  s.blockedUntil[seat] = now + s.rules.claimBlockMs;
  const opponents = s.hands.map((h, i) => ({ i, n: h.length })).filter((o) => o.i !== seat && o.n > 0);
  if (opponents.length === 0) return null;
  const most = Math.max(...opponents.map((o) => o.n));
  const donor = rng.pick(opponents.filter((o) => o.n === most)).i;
  const given = rng.pick(s.hands[donor]);
  s.rng = rng.state;
  handOver(s, donor, seat, given, events, 'penalty_wrong');
  events.push({ type: 'wrongClaim', seat, card, to: [seat], blockedUntil: s.blockedUntil[seat], msg: msg('bip_bip:event.wrong_claim', { card: cardRef(card) }) });
  return null;
}

/** A penalty card changes hands; with hidden hands only the two players learn which. */
function handOver(s: BipState, from: number, to: number, card: number, events: GameEvent[], why: 'penalty_wrong' | 'penalty_challenge'): void {
  const said = (withCard: boolean): Msg =>
    msg(`bip_bip:event.${why}${withCard ? '_card' : ''}`, { seat: seatRef(to), from: seatRef(from), ...(withCard ? { card: cardRef(card) } : {}) });
  s.hands[from] = s.hands[from].filter((id) => id !== card);
  s.hands[to].push(card);
  if (s.rules.hiddenHands) {
    events.push({ type: 'penalty', from, seat: to, msg: said(false) });
    events.push({ type: 'penaltyCard', from, seat: to, card, to: [from, to], msg: msg('bip_bip:event.penalty_card', { card: cardRef(card) }) });
  } else {
    events.push({ type: 'penalty', from, seat: to, card, msg: said(true) });
  }
}

/** [opt manualReferee] "Il donne une de ses cartes non résolues au joueur fautif". */
function challenge(s: BipState, seat: number, a: Extract<BipAction, { type: 'challenge' }>, now: number, events: GameEvent[]): Outcome {
  if (!s.rules.manualReferee) return ruleError('no_referee');
  const waiting = notPlaying(s);
  if (waiting) return waiting;
  const review = s.reviews.find((r) => r.card === a.card && r.until > now);
  if (!review) return ruleError('no_review');
  if (review.seat === seat) return ruleError('own_claim');
  if (!review.wrong) return ruleError('claim_right');
  const hand = s.hands[seat];
  if (a.give !== undefined && !hand.includes(a.give)) return ruleError('not_in_hand');
  const rng = new Rng(s.rng);
  const give = a.give ?? rng.pick(hand);
  s.rng = rng.state;
  s.reviews = s.reviews.filter((r) => r !== review);
  s.claimed[review.seat] = s.claimed[review.seat].filter((id) => id !== review.card);
  s.hands[review.seat].push(review.card);
  if (s.lastClaim?.card === review.card) s.lastClaim = null;
  events.push({ type: 'challenge', seat, claimer: review.seat, card: review.card, msg: msg('bip_bip:event.challenge', { seat: seatRef(seat), claimer: seatRef(review.seat) }) });
  handOver(s, seat, review.seat, give, events, 'penalty_challenge');
  return null;
}

/** [opt leaderChooses] The leader names the regular cards to give up (4.5). */
function swap(s: BipState, seat: number, cards: number[], now: number, events: GameEvent[]): Outcome {
  if (s.phase !== 'swap' || !s.swap) return ruleError('no_swap');
  if (s.swap.leader !== seat) return ruleError('not_leader');
  if (new Set(cards).size !== cards.length) return ruleError('duplicate');
  if (cards.length !== s.swap.count) return ruleError('wrong_count', { count: s.swap.count });
  if (!cards.every((id) => s.hands[seat].includes(id))) return ruleError('not_in_hand');
  finishSwap(s, seat, cards, now, events, false);
  return null;
}

function finishSwap(s: BipState, seat: number, cards: number[], now: number, events: GameEvent[], auto: boolean): void {
  const taken = swapCards(s, seat, cards);
  events.push({ type: 'swap', seat, count: taken.length, auto, msg: msg(auto ? 'bip_bip:event.swap_auto' : 'bip_bip:event.swap', { seat: seatRef(seat), count: taken.length }) });
  startCountdown(s, now);
}

/** "Le premier joueur à s'être débarrassé de toutes ses cartes remporte la victoire" (a claim still open to a challenge waits). */
function checkRoundEnd(s: BipState, now: number, events: GameEvent[]): void {
  if (s.phase !== 'play') return;
  const winner = s.hands.findIndex((h, seat) => h.length === 0 && !s.reviews.some((r) => r.seat === seat));
  if (winner < 0) return;
  s.scores.push(s.hands.map((h) => h.length));
  s.roundWinners.push(winner);
  s.reviews = [];
  const last = s.round >= s.rounds;
  s.phase = last ? 'over' : 'between';
  s.nextRoundAt = last ? null : now + s.rules.betweenRoundsMs;
  const said = s.rounds > 1 ? msg('bip_bip:event.round_won_of', { seat: seatRef(winner), round: s.round, rounds: s.rounds }) : msg('bip_bip:event.round_won', { seat: seatRef(winner) });
  events.push({ type: 'roundEnd', seat: winner, round: s.round, scores: s.scores[s.scores.length - 1], msg: said });
}

export function bipDeadline(s: BipState): number | null {
  switch (s.phase) {
    case 'countdown': return s.startsAt;
    case 'swap': return s.swap?.until ?? null;
    case 'between': return s.nextRoundAt;
    case 'play': return s.reviews.length ? Math.min(...s.reviews.map((r) => r.until)) : null;
    default: return null;
  }
}

export function advanceBip(state: BipState, now: number): Applied<BipState> {
  return editWithEvents(state, (s, events) => advanceDue(s, now, events));
}

function advanceDue(s: BipState, now: number, events: GameEvent[]): void {
  for (let guard = 0; guard < 10; guard++) {
    const due = bipDeadline(s);
    if (due === null || due > now) break;
    if (s.phase === 'countdown') {
      s.phase = 'play';
      events.push({ type: 'go', round: s.round, msg: s.rounds > 1 ? msg('bip_bip:event.go_round', { round: s.round }) : msg('bip_bip:event.go') });
    } else if (s.phase === 'swap' && s.swap) {
      const rng = new Rng(s.rng);
      const regular = s.hands[s.swap.leader].filter((id) => !isExpert(id));
      const give = rng.shuffle(regular).slice(0, s.swap.count);
      s.rng = rng.state;
      finishSwap(s, s.swap.leader, give, now, events, true);
    } else if (s.phase === 'between') {
      s.round++;
      dealRound(s, now);
      events.push({ type: 'deal', round: s.round, msg: msg('bip_bip:event.deal', { round: s.round }) });
    } else if (s.phase === 'play') {
      // manualReferee: a claim nobody challenged in time stands.
      s.reviews = s.reviews.filter((r) => r.until > now);
      checkRoundEnd(s, now, events);
    }
  }
}
