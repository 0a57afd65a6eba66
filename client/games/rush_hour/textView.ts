/** Rush Hour as text (client/table/textView): the rows and their end cards, each player's pile and points, my hand. */
import { t } from '../../i18n/index.js';
import type { GameText } from '../../table/textView/types.js';
import { listOf, tv } from '../../table/textView/words.js';
import type { Card } from '../../../shared/games/rush_hour/cards.js';
import type { PublicRow, RushHourPublicView, RushHourSeatView } from '../../../shared/games/rush_hour/views.js';

export function cardName(c: Card): string {
  if (c.kind === 'car') return tv('rush.car', { n: c.number });
  if (c.kind === 'trailer') return t(`rush_hour:card.trailer_${c.number}`);
  return t(`rush_hour:card.${c.kind}`);
}

function rowText(row: PublicRow, r: number): string {
  const cards = row.slots.map((s) => ('free' in s ? tv('rush.free') : s.cards.length ? cardName(s.cards[s.cards.length - 1]) : tv('none')));
  return tv('rush.row', { n: r + 1, cards: listOf(cards), count: row.slots.length });
}

export const rushHourText: GameText<RushHourPublicView, RushHourSeatView> = {
  summary(pub, mine, reader) {
    const sections = [
      { heading: tv('rush.rows', { deal: pub.deal, turn: pub.turn }), lines: pub.rows.map(rowText) },
      { heading: tv('players'), lines: pub.players.map((p) => tv('rush.player', {
        name: reader.name(p.seat), points: p.points, taken: p.cardsTaken, hand: p.handCount }) + (p.picked ? ` ${tv('rush.picked')}` : '')) },
    ];
    if (mine) {
      sections.push({ heading: tv('my_hand'), lines: [listOf(mine.hand.map(cardName)), ...(mine.pick ? [tv('rush.my_pick', { card: cardName(mine.pick) })] : [])] });
    }
    return sections;
  },
  move(id, pub, mine) {
    const card = /^card-(\d+)$/.exec(id);
    const c = card && mine?.hand.find((h) => h.id === Number(card[1]));
    if (c) return tv('rush.pick', { card: cardName(c) });
    const row = /^row-(\d+)$/.exec(id);
    if (row) return tv('rush.choose_row', { row: rowText(pub.rows[Number(row[1])], Number(row[1])) });
    return null;
  },
};
