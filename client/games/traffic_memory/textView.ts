/** Traffic-Memory as text (client/table/textView): the grid row by row, this turn's opened cards, each pile. */
import type { GameText } from '../../table/textView/types.js';
import { listOf, trafficcarsName, tv } from '../../table/textView/words.js';
import type { MemoryCell, TrafficMemoryPublicView, TrafficMemorySeatView } from '../../../shared/games/traffic_memory/views.js';

const place = (pos: number, columns: number): string => tv('memory.place', { row: Math.floor(pos / columns) + 1, col: (pos % columns) + 1 });

function cellText(cell: MemoryCell): string {
  if (cell.state === 'gone') return tv('memory.gone');
  if (cell.state === 'down') return tv('memory.down');
  return trafficcarsName(cell.card);
}

export const memoryText: GameText<TrafficMemoryPublicView, TrafficMemorySeatView> = {
  summary(pub, _mine, reader) {
    const rows: string[] = [];
    for (let r = 0; r * pub.columns < pub.cells.length; r++) {
      const cells = pub.cells.slice(r * pub.columns, (r + 1) * pub.columns);
      rows.push(tv('memory.row', { n: r + 1, cells: cells.map(cellText).join(', ') }));
    }
    const opened = pub.opened.map((pos) => pub.cells[pos]).filter((c): c is Extract<MemoryCell, { state: 'up' }> => c?.state === 'up');
    return [
      { heading: tv('memory.grid', { count: pub.faceDown }), lines: rows },
      { heading: tv('memory.opened'), lines: [tv('memory.turn_of', { name: reader.name(pub.turn) }), listOf(opened.map((c) => `${trafficcarsName(c.card)} (${place(c.pos, pub.columns)})`))] },
      { heading: tv('memory.piles'), lines: pub.piles.map((pile, seat) => tv('memory.pile', { name: reader.name(seat), count: pile.length, cards: listOf(pile.map(trafficcarsName)) })) },
    ];
  },
  move(id, pub) {
    const m = /^card-(\d+)$/.exec(id);
    return m ? tv('memory.open', { place: place(Number(m[1]), pub.columns) }) : null;
  },
};
