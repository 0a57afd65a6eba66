/**
 * Where the Bip! Bip! table's parts go in the area the frame gives: the board beside the rest when
 * the area is wide (desktop, phone landscape), above it when it is tall (phone portrait). The board
 * gives up room to the hand down to four 50 px lanes; a hand that still does not fit is shown a page
 * at a time (with ◀ ▶). Every tap target stays at least 44 px and nothing leaves the area.
 */
export interface Box { x: number; y: number; w: number; h: number }

export interface BipLayout {
  board: { x: number; y: number; size: number };
  /** Status line, last claim and the chosen card's preview. */
  info: Box;
  /** Height of the small cards drawn in `info` (the claim shown, the chosen card turned). */
  previewH: number;
  players: Box;
  playerCols: number;
  playerH: number;
  /** One line per player (short areas). */
  compactPlayers: boolean;
  /** Bip!, Turn, Cancel; in a short area Turn and Cancel as icons and the hand's ◀ ▶ at the right end. */
  buttons: Box;
  short: boolean;
  /** The hand's title line (with ◀ ▶ at its right end when the hand is paged); none in a short area. */
  handTitle: Box;
  /** Where the cards go. */
  hand: Box;
  handCols: number;
  cardW: number;
  cardH: number;
  gap: number;
  /** Cards shown at once: the whole hand, or a page of it. */
  perPage: number;
}

/** Card height to width. */
export const CARD_RATIO = 1.22;
const GAP = 6;
const BUTTONS_H = 50;
const TITLE_H = 20;
/** The title line with ◀ ▶ beside it, when the hand is paged. */
const PAGED_TITLE_H = 48;
const MIN_BOARD = 200;
const MIN_CARD = 44;
const MAX_CARD = 90;

export function bipLayout(width: number, height: number, handSize: number, players: number): BipLayout {
  return width >= height * 1.15 ? wideLayout(width, height, handSize, players) : tallLayout(width, height, handSize, players);
}

function wideLayout(width: number, height: number, handSize: number, players: number): BipLayout {
  const short = height < 420;
  const playerH = short ? 30 : 58;
  const info = short ? 60 : Math.min(92, Math.max(64, height * 0.2));
  const boardMax = Math.max(MIN_BOARD, Math.min(height - 20, width * 0.44));
  const bx = 18;
  const by = 16;
  // The widest board with which the whole hand fits beside it, else the smallest board and pages.
  let best: BipLayout | null = null;
  for (let size = Math.floor(boardMax); size >= Math.min(boardMax, MIN_BOARD); size -= 8) {
    const rx = bx + size + 16;
    const rw = Math.max(140, width - rx);
    const playerCols = Math.max(1, Math.min(players, Math.floor(rw / (short ? 170 : 150))));
    const playersH = Math.ceil(players / playerCols) * playerH;
    const { fit, titleH } = short
      ? { fit: fitCards(rw, height - (info + playersH + 4 + BUTTONS_H) - 2, handSize), titleH: 0 }
      : fitHand(rw, height - (info + playersH + 4 + BUTTONS_H), handSize);
    const top = info + playersH + 4 + BUTTONS_H + titleH;
    const L: BipLayout = {
      board: { x: bx, y: by, size: Math.min(size, height - by - 4) },
      info: { x: rx, y: 0, w: rw, h: info },
      previewH: info - 24,
      players: { x: rx, y: info, w: rw, h: playersH },
      playerCols, playerH, compactPlayers: short, short,
      buttons: { x: rx, y: info + playersH + 4, w: rw, h: BUTTONS_H },
      handTitle: { x: rx, y: info + playersH + 4 + BUTTONS_H, w: rw, h: titleH },
      hand: { x: rx, y: top, w: rw, h: Math.max(0, height - top) },
      handCols: fit.cols, cardW: fit.w, cardH: fit.w * CARD_RATIO, gap: GAP, perPage: fit.perPage,
    };
    if (!best || fit.perPage > best.perPage) best = L;
    if (fit.perPage >= handSize) return L;
  }
  return best!;
}

function tallLayout(width: number, height: number, handSize: number, players: number): BipLayout {
  const info = 84;
  const playerH = 58;
  const playerCols = Math.max(1, Math.min(players, Math.floor(width / 130)));
  const playersH = Math.ceil(players / playerCols) * playerH;
  const by = 16;
  const fixed = by + 6 + info + playersH + 4 + BUTTONS_H + TITLE_H;
  const boardMax = Math.max(MIN_BOARD, Math.min(width - 24, height - fixed - 2 * (MIN_CARD * CARD_RATIO + GAP)));
  let best: BipLayout | null = null;
  for (let size = Math.floor(boardMax); size >= Math.min(boardMax, MIN_BOARD); size -= 8) {
    const bx = Math.max(18, (width - size) / 2);
    const iy = by + size + 6;
    const py = iy + info;
    const { fit, titleH } = fitHand(width, height - (py + playersH + 4 + BUTTONS_H), handSize);
    const top = py + playersH + 4 + BUTTONS_H + titleH;
    const L: BipLayout = {
      board: { x: bx, y: by, size },
      info: { x: 0, y: iy, w: width, h: info },
      previewH: info - 24,
      players: { x: 0, y: py, w: width, h: playersH },
      playerCols, playerH, compactPlayers: false, short: false,
      buttons: { x: 0, y: py + playersH + 4, w: width, h: BUTTONS_H },
      handTitle: { x: 0, y: py + playersH + 4 + BUTTONS_H, w: width, h: titleH },
      hand: { x: 0, y: top, w: width, h: Math.max(0, height - top) },
      handCols: fit.cols, cardW: fit.w, cardH: fit.w * CARD_RATIO, gap: GAP, perPage: fit.perPage,
    };
    if (!best || fit.perPage > best.perPage) best = L;
    if (fit.perPage >= handSize) return L;
  }
  return best!;
}

/** The hand under its title line: all of it, or a page of it under a taller title line with ◀ ▶. */
function fitHand(w: number, h: number, n: number): { fit: { cols: number; w: number; perPage: number }; titleH: number } {
  const fit = fitCards(w, h - TITLE_H, n);
  if (fit.perPage >= n) return { fit, titleH: TITLE_H };
  return { fit: fitCards(w, h - PAGED_TITLE_H, n), titleH: PAGED_TITLE_H };
}

/** The largest card width (44–90 px) with which `n` cards fit in the box, wrapping into rows; else 44 px and as many as fit. */
function fitCards(w: number, h: number, n: number): { cols: number; w: number; perPage: number } {
  const count = Math.max(1, n);
  for (let cw = MAX_CARD; cw >= MIN_CARD; cw -= 2) {
    const cols = Math.max(1, Math.floor((w + GAP) / (cw + GAP)));
    const rows = Math.ceil(count / cols);
    if (rows * (cw * CARD_RATIO + GAP) <= h) return { cols, w: cw, perPage: count };
  }
  const cols = Math.max(1, Math.floor((w + GAP) / (MIN_CARD + GAP)));
  const rows = Math.max(1, Math.floor(h / (MIN_CARD * CARD_RATIO + GAP)));
  return { cols, w: MIN_CARD, perPage: cols * rows };
}
