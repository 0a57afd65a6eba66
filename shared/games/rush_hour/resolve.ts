/**
 * One turn after the secret picks (RULES-NOTES 1.2 "Turn"): reveal, then Ambulances, Police,
 * numbered cards low to high, Tow Trucks; pausing whenever the rules leave a row to a player.
 */
import type { GameEvent, RuleError } from '../contract.js';
import { cardOf, describeCard, pointsOfAll } from './cards.js';
import { cardChoice, placeCard } from './rows.js';
import { cardOutcomes, placeSpecial, specialOutcomes } from './risk.js';
import { dealInto } from './setup.js';
import type { CardMode, Play, RushHourState, SpecialKind, Stage, Step } from './state.js';

const who = (seat: number) => `Seat ${seat + 1}`;
const SPECIAL_NAMES: Record<SpecialKind, string> = { ambulance: 'Ambulance', police: 'Police', tow: 'Tow Truck' };

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
  s.lastTurn = { deal: s.deal, turn: s.turn, revealed, rowsBefore: structuredClone(s.rows), steps: [], timedOut };
  events.push({
    type: 'reveal', revealed,
    text: `Revealed: ${revealed.map((p) => `${who(p.seat)} ${describeCard(cardOf(p.card, s.options))}`).join(', ')}`,
  });
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
      events.push({ type: 'prompt', seats: stage.plays.map((p) => p.seat), text: `${stage.plays.map((p) => who(p.seat)).join(' and ')}: choose a row for your ${SPECIAL_NAMES[stage.special]}` });
      return;
    }
    const choice = cardChoice(s.rows, cardOf(stage.play.card, s.options), s.options);
    if (choice.rows.length === 1) {
      record(s, placeCard(s.rows, choice.rows[0], choice.mode, stage.play, s.options), events);
    } else {
      s.prompt = { kind: 'card', play: stage.play, mode: choice.mode, rows: choice.rows, deadline };
      events.push({ type: 'prompt', seats: [stage.play.seat], text: promptText(s, stage.play, choice.mode) });
    }
  }
}

function promptText(s: RushHourState, play: Play, mode: CardMode): string {
  const card = describeCard(cardOf(play.card, s.options));
  if (mode === 'tooSmall') return `${who(play.seat)}: ${card} is too small. Choose a row to take`;
  if (mode === 'front') return `${who(play.seat)}: ${card} is too small. Choose a row to start`;
  return `${who(play.seat)}: choose a row for ${card}`;
}

function stepText(s: RushHourState, step: Step): string {
  const card = (id: number) => describeCard(cardOf(id, s.options));
  const row = `row ${step.row + 1}`;
  switch (step.kind) {
    case 'take': {
      const why = { jam: 'heavy jam', tooSmall: 'card too small', ambulance: 'Ambulance overflow', police: 'Police overflow', tow: 'Tow Truck overflow' }[step.reason];
      return `${who(step.seat)} took ${step.cards.length} cards from ${row} (${step.points} points, ${why})`;
    }
    case 'tow': return `${who(step.seat)}'s Tow Truck loaded ${card(step.loaded[step.loaded.length - 1])} in ${row}`;
    case 'place': {
      const at = { end: `at the end of ${row}`, free: `into the free spot of ${row}`, stack: `on top in ${row}`, front: `at the front of ${row}`, start: `to start ${row}` }[step.at];
      return `${who(step.seat)} put ${card(step.card)} ${at}`;
    }
  }
}

function record(s: RushHourState, steps: Step[], events: GameEvent[]): void {
  for (const step of steps) {
    if (step.kind === 'take') s.piles[step.seat].push(...step.cards);
    s.lastTurn?.steps.push(step);
    events.push({ type: step.kind, step, text: stepText(s, step) });
  }
}

/** A row answer to the current prompt; returns a player-facing refusal or null. */
export function chooseRow(s: RushHourState, seat: number, row: number, now: number, events: GameEvent[]): RuleError | null {
  const prompt = s.prompt;
  if (!prompt) return { code: 'no_choice', message: 'No row choice is asked of you now.' };
  if (row >= s.rows.length) return { code: 'no_row', message: `There are only ${s.rows.length} rows.` };
  if (prompt.kind === 'group') {
    const i = prompt.plays.findIndex((p) => p.seat === seat);
    if (i < 0) return { code: 'not_asked', message: `Only ${prompt.plays.map((p) => who(p.seat)).join(' and ')} choose a row now.` };
    prompt.choices[i] = row;
    events.push({ type: 'chosen', seat, text: `${who(seat)} has chosen a row` });
    events.push({ type: 'myChoice', seat, row, to: [seat], text: `You chose row ${row + 1}` });
    if (prompt.choices.every((c) => c !== null)) finishPrompt(s, now, events);
    return null;
  }
  if (prompt.play.seat !== seat) return { code: 'not_asked', message: `It is ${who(prompt.play.seat)}'s choice, not yours.` };
  if (!prompt.rows.includes(row)) {
    return { code: 'wrong_row', message: `Your card cannot go in row ${row + 1}: choose row ${prompt.rows.map((r) => r + 1).join(' or ')}.` };
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
      events.push({ type: 'timeout', seat: play.seat, text: `${who(play.seat)} ran out of time: a row was chosen` });
    });
    finishPrompt(s, now, events);
    return;
  }
  const row = cardOutcomes(s.rows, prompt.play, { mode: prompt.mode, rows: prompt.rows }, s.options)[0].row;
  events.push({ type: 'timeout', seat: prompt.play.seat, text: `${who(prompt.play.seat)} ran out of time: row ${row + 1} was chosen` });
  chooseRow(s, prompt.play.seat, row, now, events);
}

function endTurn(s: RushHourState, now: number, events: GameEvent[]): void {
  if (s.hands.some((h) => h.length > 0)) {
    s.turn += 1;
    s.lead = (s.lead + 1) % s.seats;
    s.pickDeadline = now + s.options.pickMs;
    events.push({ type: 'turn', turn: s.turn, text: `Turn ${s.turn}: pick a card` });
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
    events.push({ type: 'deal', deal: s.deal, text: `Deal ${s.deal} of ${s.options.deals}` });
    return;
  }
  s.over = true;
  events.push({ type: 'end', text: 'The last card is placed: game over' });
}
