/**
 * Where the Bip! Bip! table's parts go in the area the frame gives: the board beside the rest when
 * the area is wide (desktop, phone landscape), above it when it is tall (phone portrait). Every tap
 * target stays at least 44 px and nothing leaves the area.
 */
export interface Box { x: number; y: number; w: number; h: number }

export interface BipLayout {
  board: { x: number; y: number; size: number };
  /** Status line, last claim and the chosen card's preview. */
  info: Box;
  players: Box;
  playerCols: number;
  playerH: number;
  hand: Box;
  handCols: number;
  cardW: number;
  gap: number;
}

const INFO_H = 84;
const PLAYER_H = 58;
const BUTTONS_H = 50;

export function bipLayout(width: number, height: number, handSize: number, players: number): BipLayout {
  const wide = width >= height * 1.15;
  const gap = 6;
  if (wide) {
    const size = Math.max(176, Math.min(height - 20, width * 0.44));
    const bx = 18;
    const by = 16;
    const rx = bx + size + 16;
    const rw = Math.max(120, width - rx);
    const playerCols = Math.max(1, Math.min(players, Math.floor(rw / 150)));
    const playersH = Math.ceil(players / playerCols) * PLAYER_H;
    const info = { x: rx, y: 0, w: rw, h: Math.min(INFO_H, Math.max(48, height * 0.22)) };
    const pl = { x: rx, y: info.y + info.h, w: rw, h: playersH };
    const handTop = pl.y + pl.h + 4;
    const hand = { x: rx, y: handTop, w: rw, h: Math.max(90, height - handTop) };
    const { cols, w } = fitCards(hand.w, hand.h - 20 - BUTTONS_H, handSize, gap);
    return { board: { x: bx, y: by, size: Math.min(size, height - by - 4) }, info, players: pl, playerCols, playerH: PLAYER_H, hand, handCols: cols, cardW: w, gap };
  }
  const playerCols = Math.max(1, Math.min(players, Math.floor(width / 130)));
  const playersH = Math.ceil(players / playerCols) * PLAYER_H;
  // The board takes what the hand and the rest leave, but never less than four 44 px lanes.
  const handMin = 20 + 2 * (56 * 1.3 + gap) + BUTTONS_H;
  const size = Math.max(176, Math.min(width - 24, height - INFO_H - playersH - handMin - 24));
  const bx = Math.max(18, (width - size) / 2);
  const board = { x: bx, y: 16, size };
  const info = { x: 0, y: board.y + size + 6, w: width, h: INFO_H };
  const pl = { x: 0, y: info.y + info.h, w: width, h: playersH };
  const handTop = pl.y + pl.h + 4;
  const hand = { x: 0, y: handTop, w: width, h: Math.max(120, height - handTop) };
  const { cols, w } = fitCards(hand.w, hand.h - 20 - BUTTONS_H, handSize, gap);
  return { board, info, players: pl, playerCols, playerH: PLAYER_H, hand, handCols: cols, cardW: w, gap };
}

/** The largest card width (44–90 px) with which `n` cards fit in the box, wrapping into rows. */
function fitCards(w: number, h: number, n: number, gap: number): { cols: number; w: number } {
  const count = Math.max(1, n);
  for (let cw = 90; cw > 44; cw -= 2) {
    const cols = Math.max(1, Math.floor((w + gap) / (cw + gap)));
    const rows = Math.ceil(count / cols);
    if (rows * (cw * 1.3 + gap) <= h) return { cols, w: cw };
  }
  return { cols: Math.max(1, Math.floor((w + gap) / (44 + gap))), w: 44 };
}
