/**
 * One turn after the secret picks (RULES-NOTES 1.2 "Turn"): reveal, then Ambulances, Police,
 * numbered cards low to high, Tow Trucks; pausing whenever the rules leave a row to a player.
 */
import type { GameEvent, RuleError } from '../contract.js';
import { current } from '../edit.js';
import { keyRef, msg, seatRef, type Msg } from '../../i18n/msg.js';
import { cardOf, cardParam, pointsOfAll } from './cards.js';
import { cardChoice, placeCard } from './rows.js';
import { cardOutcomes, placeSpecial, specialOutcomes } from './risk.js';
import { dealInto } from './setup.js';
import type { CardMode, Play, RushHourState, SpecialKind, Stage, Step } from './state.js';

/** One special vehicle ("your Ambulance") and several ("their Ambulances"), as translated fragments. */
const special = (kind: SpecialKind) => keyRef(`rush_hour:special.${kind}`);
const specials = (kind: SpecialKind) => keyRef(`rush_hour:specials.${kind}`);

/** Clockwise from the lead seat (RULES-NOTES conventions, "Priority order"). */
export const priorityRank = (s: RushHourState, seat: number): number => (seat - s.lead + s.seats) % s.seats;

export function resolutionOrder(s: RushHourState, plays: Play[]): Stage[] {
  const kindOf = (p: Play) => cardOf(p.card, s.options).kind;
  const byPriority = (a: Play, b: Play) => priorityRank(s, a.seat) - priorityRank(s, b.seat);
  const group = (special: SpecialKind): Stage[] => {
    const members = plays.filter((p) => kindOf(p) === special).sort(byPriority);
    return members.length > 0 ? [{ kind: 'group', special, plays: members }] : [];
  };
  // 1.2 (c): ascending; on equal numbers the ordinary car goes before the Trailer.
  const numbered = plays.filter((p) => cardOf(p.card, s.options).number !== null).sort((a, b) =>
    (cardOf(a.card, s.options).number ?? 0) - (cardOf(b.card, s.options).number ?? 0)
    || (kindOf(a) === 'car' ? 0 : 1) - (kindOf(b) === 'car' ? 0 : 1));
  return [...group('ambulance'), ...group('police'), ...numbered.map((play): Stage => ({ kind: 'card', play })), ...group('tow')];
}

export function reveal(s: RushHourState, now: number, events: GameEvent[], timedOut: number[]): void {
  const plays = s.picks.map((card, seat) => ({ seat, card: card ?? -1 }));
  plays.forEach(({ seat, card }) => { s.hands[seat] = s.hands[seat].filter((id) => id !== card); });
  s.picks = s.picks.map(() => null);
  s.pickDeadline = null;
  s.stages = resolutionOrder(s, plays);
  const revealed = s.stages.flatMap((st) => (st.kind === 'group' ? st.plays : [st.play]));
  s.lastTurn = { deal: s.deal, turn: s.turn, revealed, rowsBefore: current(s.rows), steps: [], timedOut };
  // Each revealed card is then named by the step that places it.
  events.push({ type: 'reveal', revealed, msg: msg('rush_hour:event.reveal', { count: revealed.length }) });
  run(s, now, events);
}

/** Resolves stages until a player must choose a row or the turn is over. */
function run(s: RushHourState, now: number, events: GameEvent[]): void {
  while (!s.prompt) {
    const stage = s.stages.shift();
    if (!stage) { endTurn(s, now, events); return; }
    const deadline = now + s.options.choiceMs;
    if (stage.kind === 'group') {
      // 1.2 (a)(b)(d): owners choose rows secretly at the same moment.
      s.prompt = { kind: 'group', special: stage.special, plays: stage.plays, choices: stage.plays.map(() => null), deadline };
      const asked = stage.plays.length === 1
        ? msg('rush_hour:event.prompt_special', { seat: seatRef(stage.plays[0].seat), special: special(stage.special) })
        : msg('rush_hour:event.prompt_specials', { count: stage.plays.length, specials: specials(stage.special) });
      events.push({ type: 'prompt', seats: stage.plays.map((p) => p.seat), msg: asked });
      return;
    }
    const choice = cardChoice(s.rows, cardOf(stage.play.card, s.options), s.options);
    if (choice.rows.length === 1) {
      record(s, placeCard(s.rows, choice.rows[0], choice.mode, stage.play, s.options), events);
    } else {
      s.prompt = { kind: 'card', play: stage.play, mode: choice.mode, rows: choice.rows, deadline };
      events.push({ type: 'prompt', seats: [stage.play.seat], msg: promptMsg(s, stage.play, choice.mode) });
    }
  }
}

const PROMPT_KEYS: Record<CardMode, string> = {
  place: 'rush_hour:event.prompt_place',
  tooSmall: 'rush_hour:event.prompt_too_small',
  front: 'rush_hour:event.prompt_front',
};

function promptMsg(s: RushHourState, play: Play, mode: CardMode): Msg {
  return msg(PROMPT_KEYS[mode], { seat: seatRef(play.seat), card: cardParam(cardOf(play.card, s.options)) });
}

const PLACE_KEYS = {
  end: 'rush_hour:event.place_end',
  free: 'rush_hour:event.place_free',
  stack: 'rush_hour:event.place_stack',
  front: 'rush_hour:event.place_front',
  start: 'rush_hour:event.place_start',
} as const;

/** Rows are shown 1-based; a take names the cards and the penalty points separately (each its own plural). */
function stepMsg(s: RushHourState, step: Step): Msg {
  const card = (id: number) => cardParam(cardOf(id, s.options));
  const base = { seat: seatRef(step.seat), row: step.row + 1 };
  switch (step.kind) {
    case 'take': {
      const reason = keyRef(`rush_hour:reason.${step.reason}`);
      return step.cards.length === 1
        ? msg('rush_hour:event.take_one_card', { ...base, count: step.points, reason })
        : msg('rush_hour:event.take', { ...base, cards: step.cards.length, count: step.points, reason });
    }
    case 'tow': return msg('rush_hour:event.tow', { ...base, card: card(step.loaded[step.loaded.length - 1]) });
    case 'place': return msg(PLACE_KEYS[step.at], { ...base, card: card(step.card) });
  }
}

function record(s: RushHourState, steps: Step[], events: GameEvent[]): void {
  for (const step of steps) {
    if (step.kind === 'take') s.piles[step.seat].push(...step.cards);
    s.lastTurn?.steps.push(step);
    events.push({ type: step.kind, step, msg: stepMsg(s, step) });
  }
}

/** A row answer to the current prompt; returns a player-facing refusal or null. */
export function chooseRow(s: RushHourState, seat: number, row: number, now: number, events: GameEvent[]): RuleError | null {
  const prompt = s.prompt;
  if (!prompt) return { code: 'no_choice' };
  if (row >= s.rows.length) return { code: 'no_row', params: { count: s.rows.length } };
  if (prompt.kind === 'group') {
    const i = prompt.plays.findIndex((p) => p.seat === seat);
    if (i < 0) return { code: 'not_asked_group', params: { specials: specials(prompt.special) } };
    prompt.choices[i] = row;
    events.push({ type: 'chosen', seat, msg: msg('rush_hour:event.chosen', { seat: seatRef(seat) }) });
    events.push({ type: 'myChoice', seat, row, to: [seat], msg: msg('rush_hour:event.my_choice', { row: row + 1 }) });
    if (prompt.choices.every((c) => c !== null)) finishPrompt(s, now, events);
    return null;
  }
  if (prompt.play.seat !== seat) return { code: 'not_asked', params: { player: seatRef(prompt.play.seat) } };
  if (!prompt.rows.includes(row)) {
    return { code: 'wrong_row', params: { row: row + 1 } };
  }
  s.prompt = null;
  record(s, placeCard(s.rows, row, prompt.mode, prompt.play, s.options), events);
  run(s, now, events);
  return null;
}

/** Applies the group choices once all are in (or defaulted), in priority order. */
function finishPrompt(s: RushHourState, now: number, events: GameEvent[]): void {
  const prompt = s.prompt;
  if (!prompt || prompt.kind !== 'group') return;
  s.prompt = null;
  record(s, placeSpecial(s.rows, prompt.special, prompt.plays, prompt.choices.map((c) => c ?? 0), s.options), events);
  run(s, now, events);
}

/** The clock ran out on a prompt: the least costly row for whoever has not chosen (RULES-NOTES 1.2 step 4). */
export function timeOutPrompt(s: RushHourState, now: number, events: GameEvent[]): void {
  const prompt = s.prompt;
  if (!prompt) return;
  if (prompt.kind === 'group') {
    prompt.plays.forEach((play, i) => {
      if (prompt.choices[i] !== null) return;
      const row = specialOutcomes(s.rows, prompt.special, play, s.options)[0].row;
      prompt.choices[i] = row;
      events.push({ type: 'timeout', seat: play.seat, msg: msg('rush_hour:event.timeout_special', { seat: seatRef(play.seat) }) });
    });
    finishPrompt(s, now, events);
    return;
  }
  const row = cardOutcomes(s.rows, prompt.play, { mode: prompt.mode, rows: prompt.rows }, s.options)[0].row;
  events.push({ type: 'timeout', seat: prompt.play.seat, msg: msg('rush_hour:event.timeout_row', { seat: seatRef(prompt.play.seat), row: row + 1 }) });
  chooseRow(s, prompt.play.seat, row, now, events);
}

function endTurn(s: RushHourState, now: number, events: GameEvent[]): void {
  if (s.hands.some((h) => h.length > 0)) {
    s.turn += 1;
    s.lead = (s.lead + 1) % s.seats;
    s.pickDeadline = now + s.options.pickMs;
    events.push({ type: 'turn', turn: s.turn, msg: msg('rush_hour:event.turn', { turn: s.turn }) });
    return;
  }
  if (s.deal < s.options.deals) {
    // [opt] several deals: bank this deal's penalties, gather every card and deal again.
    s.piles.forEach((pile, seat) => {
      s.banked[seat].points += pointsOfAll(pile, s.options);
      s.banked[seat].cards += pile.length;
    });
    const cards = [...s.rows.flat(2), ...s.piles.flat(), ...s.unused, ...s.hands.flat()];
    s.deal += 1;
    dealInto(s, cards.sort((a, b) => a - b), now);
    events.push({ type: 'deal', deal: s.deal, msg: msg('rush_hour:event.deal', { deal: s.deal, deals: s.options.deals }) });
    return;
  }
  s.over = true;
  events.push({ type: 'end', msg: msg('rush_hour:event.end') });
}
