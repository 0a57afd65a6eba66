/**
 * Where the Rush Hour table's parts go in the area the frame gives. Tall areas (phone portrait)
 * stack rows, reveal strip, players and hand; wide ones (desktop, phone landscape) put the rows on
 * the left and the rest on the right. Lanes and hand cards stay at least 44 px to tap, and the
 * hand wraps onto more lines rather than leaving the screen.
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
  gap: number;
}

const RATIO = 1 / 0.68;
const PLAYER_H = 70;
const MIN_LANE = 48;

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
  const fit = seated ? fitCards(sideW, handRoom - 22, handSize, gap) : { cols: 1, w: 44 };
  const handCard = { w: fit.w, h: fit.w * RATIO };
  const handH = seated ? 22 + Math.max(1, Math.ceil(Math.max(1, handSize) / fit.cols)) * (handCard.h + gap) + 6 : 0;
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
  return { rows, unit, labelW, slotW, rowCard, reveal, revealCard, players: pl, playerCols, playerH, compactPlayers, hand, handCols: fit.cols, handCard, gap };
}

function fitCards(w: number, h: number, n: number, gap: number): { cols: number; w: number } {
  const count = Math.max(1, n);
  for (let cw = 72; cw > 44; cw -= 2) {
    const cols = Math.max(1, Math.floor((w + gap) / (cw + gap)));
    if (Math.ceil(count / cols) * (cw * RATIO + gap) <= h) return { cols, w: cw };
  }
  return { cols: Math.max(1, Math.floor((w + gap) / (44 + gap))), w: 44 };
}
