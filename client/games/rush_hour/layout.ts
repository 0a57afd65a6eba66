/**
 * Where the Rush Hour table's parts go in the area the frame gives. Tall areas (phone portrait)
 * stack rows, reveal strip, players and hand; wide ones (desktop, phone landscape) put the rows on
 * the left and the rest on the right. Lanes and hand cards stay at least 44 px to tap, and the
 * hand wraps onto more lines; when even 44 px cards on as many lines as fit cannot hold it (a
 * 10-card hand on a phone in landscape), it is shown a page at a time between ◀ ▶ buttons.
 */
import type { CardSize } from './cardFace.js';

export interface Box { x: number; y: number; w: number; h: number }

export interface RushLayout {
  rows: Box;
  unit: number;
  labelW: number;
  slotW: number;
  rowCard: CardSize;
  reveal: Box;
  revealCard: CardSize;
  players: Box;
  playerCols: number;
  playerH: number;
  /** Short areas: one line of text per player, the penalty pile beside it. */
  compactPlayers: boolean;
  hand: Box;
  handCols: number;
  handCard: CardSize;
  /** Hand cards shown at once; the whole hand unless `handPaged`. */
  handPerPage: number;
  /** The hand is paged: ◀ at the hand's left, ▶ at its right, each `arrowW` wide, cards between. */
  handPaged: boolean;
  arrowW: number;
  arrowGap: number;
  gap: number;
}

const RATIO = 1 / 0.68;
const PLAYER_H = 70;
const MIN_LANE = 48;
const MIN_CARD = 44;
const ARROW_W = 44;
const ARROW_GAP = 4;
const HAND_TITLE = 22;

export function rushLayout(width: number, height: number, headerH: number, nRows: number, slots: number, handSize: number, players: number, seated: boolean): RushLayout {
  const gap = 6;
  const wide = width >= height * 1.3 && width >= 560;
  const leftW = wide ? Math.floor(width * 0.56) : width;
  const sideX = wide ? leftW + 12 : 0;
  const sideW = wide ? width - sideX : width;
  const compactPlayers = wide && height < 420;
  const playerH = compactPlayers ? 50 : PLAYER_H;
  const playerCols = Math.max(1, Math.min(players, Math.floor(sideW / (compactPlayers ? 125 : 150))));
  const playersH = Math.ceil(players / playerCols) * playerH;
  const revealH = wide ? Math.min(86, Math.max(compactPlayers ? 40 : 52, height * 0.16)) : 74;
  // Hand: as large as fits (44–72 px wide cards), on as few lines as the width allows.
  const handRoom = wide ? height - headerH - playersH - revealH - 24 : Math.max(120, height - headerH - nRows * MIN_LANE - playersH - revealH - 20);
  const count = Math.max(1, handSize);
  let fit = seated ? fitCards(sideW, handRoom - HAND_TITLE, count, gap) : { cols: 1, w: MIN_CARD };
  let lines = Math.ceil(count / fit.cols);
  const lineH = MIN_CARD * RATIO + gap;
  // Too many lines even at the smallest card: page through the hand, as many lines as fit (at least one).
  const handPaged = seated && fit.w === MIN_CARD && HAND_TITLE + lines * lineH + 6 > handRoom;
  if (handPaged) {
    lines = Math.max(1, Math.floor((handRoom - HAND_TITLE - 6) / lineH));
    fit = { cols: Math.max(1, Math.floor((sideW - 2 * (ARROW_W + ARROW_GAP) + gap) / (MIN_CARD + gap))), w: MIN_CARD };
  }
  const handPerPage = handPaged ? fit.cols * lines : count;
  const handCard = { w: fit.w, h: fit.w * RATIO };
  const handH = seated ? HAND_TITLE + lines * (handCard.h + gap) + 6 : 0;
  const rowsTop = headerH;
  const rowsH = wide ? height - rowsTop : Math.max(nRows * MIN_LANE, height - rowsTop - revealH - playersH - handH);
  const unit = Math.max(MIN_LANE, Math.min(124, rowsH / nRows));
  const labelW = Math.min(44, Math.max(30, leftW * 0.09));
  const slotW = (leftW - labelW - 4) / slots;
  const ch = Math.min(unit - 10, (slotW - 4) * RATIO);
  const rowCard = { w: ch / RATIO, h: ch };
  const rows = { x: 0, y: rowsTop, w: leftW, h: unit * nRows };
  const sideTop = wide ? headerH : rows.y + rows.h + 2;
  const reveal = { x: sideX, y: sideTop, w: sideW, h: revealH };
  const rh = revealH - 22;
  const revealCard = { w: rh / RATIO, h: rh };
  const pl = { x: sideX, y: reveal.y + reveal.h, w: sideW, h: playersH };
  const hand = { x: sideX, y: pl.y + pl.h, w: sideW, h: handH };
  return { rows, unit, labelW, slotW, rowCard, reveal, revealCard, players: pl, playerCols, playerH, compactPlayers, hand, handCols: fit.cols, handCard, handPerPage, handPaged, arrowW: ARROW_W, arrowGap: ARROW_GAP, gap };
}

function fitCards(w: number, h: number, n: number, gap: number): { cols: number; w: number } {
  const count = Math.max(1, n);
  for (let cw = 72; cw > 44; cw -= 2) {
    const cols = Math.max(1, Math.floor((w + gap) / (cw + gap)));
    if (Math.ceil(count / cols) * (cw * RATIO + gap) <= h) return { cols, w: cw };
  }
  return { cols: Math.max(1, Math.floor((w + gap) / (44 + gap))), w: 44 };
}
