/**
 * Replays a turn's public steps on the rows as they were at the reveal, so the table can play the
 * placement order out card by card. Mirrors shared/games/rush_hour/rows.ts on public cards; once the
 * replay has caught up the renderer draws the server's rows instead.
 */
import type { Card } from '../../../shared/games/rush_hour/cards.js';
import type { PublicRow, PublicStep } from '../../../shared/games/rush_hour/views.js';
import { t } from '../../i18n/index.js';
import { cardLabel } from './cardFace.js';

/** A slot is a stack (bottom first); an empty stack is the free spot behind a Tow Truck. */
export type SimRow = Card[][];

export const toSim = (rows: PublicRow[]): SimRow[] => rows.map((r) => r.slots.map((s) => ('free' in s ? [] : s.cards.slice())));

const lastFilled = (row: SimRow): number => {
  for (let i = row.length - 1; i >= 0; i--) if (row[i].length > 0) return i;
  return -1;
};

export function endOf(row: SimRow): { end: number | null; open: boolean } {
  const slot = row[lastFilled(row)];
  const top = slot?.[slot.length - 1];
  return { end: top?.number ?? null, open: top !== undefined && top.number === null };
}

export function applyStep(rows: SimRow[], step: PublicStep): void {
  const row = rows[step.row];
  if (!row) return;
  if (step.kind === 'take') {
    const ids = new Set(step.cards.map((c) => c.id));
    rows[step.row] = row
      .map((slot) => ({ slot, wasFree: slot.length === 0 }))
      .map(({ slot, wasFree }) => ({ slot: slot.filter((c) => !ids.has(c.id)), wasFree }))
      .filter(({ slot, wasFree }) => slot.length > 0 || wasFree)
      .map(({ slot }) => slot);
    return;
  }
  if (step.kind === 'tow') {
    const front = lastFilled(row);
    if (front < 0) row.push([step.card]);
    else row[front] = [step.card, ...row[front]];
    if (row.length === 0 || row[row.length - 1].length > 0) row.push([]);
    return;
  }
  const card = step.card;
  if (step.at === 'start') rows[step.row] = [[card]];
  else if (step.at === 'front') row.unshift([card]);
  else if (step.at === 'end') row.push([card]);
  else if (step.at === 'free') {
    if (row.length > 0 && row[row.length - 1].length === 0) row[row.length - 1].push(card);
    else row.push([card]);
  } else {
    // 'stack': Ambulances stack on the front slot, Police and Trailers on the last car.
    const at = card.kind === 'ambulance' ? 0 : Math.max(0, lastFilled(row));
    if (row[at]) row[at].push(card);
    else row.push([card]);
  }
}

export function rowsAfter(before: PublicRow[], steps: PublicStep[]): SimRow[] {
  const rows = toSim(before);
  steps.forEach((s) => applyStep(rows, s));
  return rows;
}

/** One step in words, in the reader's language; `you` marks the reader's own steps. */
export function stepText(step: PublicStep, name: (seat: number) => string, you = false): string {
  const ctx = you ? { context: 'you' } : {};
  const who = name(step.seat);
  const row = step.row + 1;
  if (step.kind === 'take') {
    const reason = t(`table_rush_hour:reason.${step.reason}`);
    return t('table_rush_hour:step.take', { ...ctx, who, row, count: step.cards.length, points: step.points, reason });
  }
  if (step.kind === 'tow') {
    const loaded = step.loaded.map(cardLabel).join(' ') || t('table_rush_hour:step.nothing');
    return t('table_rush_hour:step.tow', { ...ctx, who, row, loaded });
  }
  return t(`table_rush_hour:step.${step.at}`, { ...ctx, who, row, card: cardLabel(step.card) });
}
