/** Railway Madness as text (client/table/textView): the cars on the table, each train, my train and the moves offered. */
import { t } from '../../i18n/index.js';
import type { GameText } from '../../table/textView/types.js';
import { listOf, tv } from '../../table/textView/words.js';
import type { Car } from '../../../shared/games/railway/cards.js';
import type { PublicSlot, RailwayPublicView, RailwaySeatView } from '../../../shared/games/railway/views.js';

export const carName = (car: Car): string =>
  tv('railway.car', { type: t(`railway_madness:type.${car.type}`), colour: t(`railway_madness:colour.${car.colour}`), wheels: car.wheels });

const slotName = (slot: PublicSlot, i: number): string =>
  tv('railway.slot', { n: i + 1, what: slot === null ? tv('railway.empty') : 'down' in slot ? tv('railway.face_down') : carName(slot.car) });

export const railwayText: GameText<RailwayPublicView, RailwaySeatView> = {
  summary(pub, mine, reader) {
    const sections = [];
    if (pub.longest) {
      sections.push({ heading: tv('railway.locomotives'), lines: pub.longest.locomotives.map((car, i) => tv('railway.loco', { n: i + 1, car: carName(car) })) });
      sections.push({ heading: tv('players'), lines: pub.longest.players.map((p) => tv('railway.longest_player', {
        name: reader.name(p.seat), pile: p.pile, turned: p.turned ? carName(p.turned) : tv('none'), lengths: p.trainLengths.join(', ') })) });
      if (mine?.longestTrains) sections.push({ heading: tv('railway.my_trains'), lines: mine.longestTrains.map((train, i) => tv('railway.train_n', { n: i + 1, cars: listOf(train.map(carName)) })) });
      return sections;
    }
    // Face-up cars one by one; the face-down ones as a count (a list of 50 "face-down card" lines tells nothing).
    const up = pub.table.flatMap((slot, i) => (slot && 'car' in slot ? [slotName(slot, i)] : []));
    const down = pub.table.filter((slot) => slot && 'down' in slot).length;
    sections.push({ heading: tv('railway.table'), lines: [...up, tv('railway.down_count', { count: down })] });
    sections.push({ heading: tv('players'), lines: pub.players.map((p) => tv('railway.player', {
      name: reader.name(p.seat), loco: carName(p.locomotive), rule: tv(`railway.rule.${p.rule}`), count: p.cars,
      holding: p.holding ? tv('railway.holding', { car: carName(p.holding) }) : '' })) });
    if (mine && reader.mySeat !== null) {
      sections.push({ heading: tv('railway.my_train'), lines: [tv('railway.valid', { valid: mine.valid, count: mine.train.length }), ...mine.train.map((car, i) => `${i + 1}. ${carName(car)}`)] });
    }
    return sections;
  },
  move(id, pub) {
    const slot = /^slot-(\d+)$/.exec(id);
    if (slot) {
      const s = pub.table[Number(slot[1])];
      return tv(s && 'car' in s ? 'railway.take_slot' : 'railway.flip_slot', { slot: slotName(s ?? null, Number(slot[1])) });
    }
    const loco = /^loco-(\d+)$/.exec(id);
    if (loco && pub.longest) return tv('railway.place', { n: Number(loco[1]) + 1, car: carName(pub.longest.locomotives[Number(loco[1])]) });
    return null;
  },
};
