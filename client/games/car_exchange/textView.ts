/** Car Exchange as text (client/table/textView): the top of the pile, each player's cards and tableau, my hand. */
import { t } from '../../i18n/index.js';
import type { GameText } from '../../table/textView/types.js';
import { listOf, tv } from '../../table/textView/words.js';
import type { Card } from '../../../shared/games/car_exchange/cards.js';
import type { CarExchangePublicView, CarExchangeSeatView } from '../../../shared/games/car_exchange/views.js';

/** The engine's own card names ("a red 4", "a blue Fine"), shared/games/car_exchange/messages.ts. */
export function cardName(c: Card): string {
  if (c.kind === 'car') return t(`car_exchange:card.car_${c.colour}_${c.value}`);
  return t(c.colour ? `car_exchange:card.${c.kind}_${c.colour}` : `car_exchange:card.${c.kind}`);
}

export const carExchangeText: GameText<CarExchangePublicView, CarExchangeSeatView> = {
  summary(pub, mine, reader) {
    const sections = [
      { heading: tv('car_exchange.table'), lines: [
        tv(pub.rounds > 0 ? 'car_exchange.round' : 'car_exchange.round_open', { round: pub.round, rounds: pub.rounds, target: pub.targetScore }),
        tv('car_exchange.top', { card: pub.top ? cardName(pub.top) : tv('none') }),
        ...(pub.activeColour ? [tv('car_exchange.colour', { colour: t(`car_exchange:colour.${pub.activeColour}`) })] : []),
        tv('car_exchange.piles', { deck: pub.deck, discard: pub.discard }),
        tv('car_exchange.turn', { name: reader.name(pub.turn) })] },
      { heading: tv('players'), lines: pub.players.map((p) => tv('car_exchange.player', {
        name: reader.name(p.seat), cards: p.cards, score: p.score, tableau: listOf(p.tableau.map(cardName)) }) + (p.out ? ` ${tv('car_exchange.out')}` : '')) },
    ];
    if (mine) {
      sections.push({ heading: tv('my_hand'), lines: [listOf(mine.hand.map(cardName)), ...(mine.drawn ? [tv('car_exchange.drawn', { card: cardName(mine.drawn) })] : [])] });
    }
    return sections;
  },
  move(id, _pub, mine) {
    const m = /^card-(\d+)$/.exec(id);
    const card = m && mine?.hand.find((c) => c.id === Number(m[1]));
    return card ? tv('car_exchange.play', { card: cardName(card) }) : null;
  },
};
