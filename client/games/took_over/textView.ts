/** Took Over! as text (client/table/textView): the line, whose turn and who may take over, hands and stacks. */
import type { GameText } from '../../table/textView/types.js';
import { listOf, trafficcarsName, tv } from '../../table/textView/words.js';
import type { TookOverPublicView, TookOverSeatView } from '../../../shared/games/took_over/views.js';

export const tookOverText: GameText<TookOverPublicView, TookOverSeatView> = {
  summary(pub, mine, reader) {
    const sections = [
      { heading: tv('took_over.line', { count: pub.line.length }), lines: [listOf(pub.line.map(trafficcarsName)),
        ...(pub.gap ? [tv('took_over.gap', { low: pub.gap.low, high: pub.gap.high })] : []),
        tv('took_over.active', { name: reader.name(pub.active) }),
        ...(pub.taker !== null ? [tv('took_over.taker', { name: reader.name(pub.taker) })] : [])] },
      { heading: tv('players'), lines: pub.players.map((p, seat) => tv('took_over.player', { name: reader.name(seat), hand: p.hand, stack: p.stack })) },
    ];
    if (mine) sections.push({ heading: tv('my_hand'), lines: [listOf(mine.hand.map(trafficcarsName))] });
    return sections;
  },
  move(id, _pub, mine) {
    const m = /^hand-(.+)$/.exec(id);
    const card = m && mine?.hand.find((c) => c.id === m[1]);
    if (!card || !mine) return null;
    return tv(mine.canPlace.includes(card.id) ? 'took_over.place' : 'took_over.select', { card: trafficcarsName(card) });
  },
};
