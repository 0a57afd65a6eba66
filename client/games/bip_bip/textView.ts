/** Bip! Bip! as text (client/table/textView): the board row by row, who has the green light, my cards. */
import { t } from '../../i18n/index.js';
import type { GameText } from '../../table/textView/types.js';
import { listOf, tv } from '../../table/textView/words.js';
import { SIZE, cellName, type Board } from '../../../shared/games/bip_bip/board.js';
import type { BipPublicView, BipSeatView } from '../../../shared/games/bip_bip/views.js';

const carAt = (board: Board, cell: number): string => {
  const car = board[cell];
  return car ? tv('bip.car', { colour: t(`bip_bip:colour.${car}`), cell: cellName(cell) }) : tv('bip.empty', { cell: cellName(cell) });
};

const cardName = (id: number): string => t(`bip_bip:card.id_${id}`);

export const bipBipText: GameText<BipPublicView, BipSeatView> = {
  summary(pub, mine, reader) {
    const board = pub.board as Board;
    const rows: string[] = [];
    for (let r = 0; r < SIZE; r++) rows.push(Array.from({ length: SIZE }, (_, c) => carAt(board, r * SIZE + c)).join(', '));
    const sections = [
      { heading: tv('bip.board'), lines: [
        ...rows,
        pub.light === null ? tv('bip.light_none') : tv('bip.light', { name: reader.name(pub.light) }),
        ...(pub.lastMove ? [tv('bip.last_move', { from: cellName(pub.lastMove.from), to: cellName(pub.lastMove.to) })] : [])] },
      { heading: tv('players'), lines: pub.players.map((p) => tv('bip.player', { name: reader.name(p.seat), hand: p.handCount, claimed: p.claimed.length })) },
    ];
    if (mine) sections.push({ heading: tv('my_hand'), lines: mine.hand.map((c, i) => `${i + 1}. ${cardName(c.id)}`) });
    return sections;
  },
  move(id, pub, mine) {
    const board = pub.board as Board;
    const [kind, arg] = [id.replace(/-\d+$/, ''), Number(/-(\d+)$/.exec(id)?.[1])];
    switch (kind) {
      case 'card': return mine?.hand.some((c) => c.id === arg) ? tv('bip.choose_card', { card: cardName(arg) }) : null;
      case 'car': return tv('bip.pick_car', { car: carAt(board, arg) });
      case 'to': return tv('bip.move_to', { cell: cellName(arg) });
      case 'point': return tv('bip.point', { car: carAt(board, arg) });
      case 'wrong': return tv('bip.wrong', { card: cardName(arg) });
      default: break;
    }
    if (id === 'turn' || id === 'cancel' || id === 'hand-next' || id === 'hand-prev' || id === 'bip') return tv(`bip.${id}`);
    return null;
  },
};
