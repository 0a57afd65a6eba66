/**
 * The panel beside (landscape) or below (upright) the Railway Madness table: the rivals' boxes and
 * my area (the "Your train" line, my hand with its buttons, my train). At six seats on a phone the
 * rivals' boxes used to push my train below the board (issue 27): here my area is sized first, for
 * the train it holds, and the rivals' boxes take what is left, smaller and more to a row if need be.
 * Pure arithmetic in game-area pixels, so it is tested without a browser.
 */
import type { CardSize } from './carFace.js';

export interface Box { x: number; y: number; w: number; h: number }

export interface RivalGrid {
  x: number;
  y: number;
  perRow: number;
  boxW: number;
  boxH: number;
  /** A rival's locomotive and held card. */
  card: CardSize;
  /** Room beside the cards for "holds a card" / "hand empty" (and the name line holds the count); else the count has a line of its own. */
  note: boolean;
}

export interface PanelPlan {
  /** My train on the left half, the rivals on the right (a wide panel with many rivals). */
  split: boolean;
  rivals: RivalGrid;
  /** My area (null for a spectator). */
  me: Box | null;
}

/** The "Your train" line. */
export const LABEL_H = 20;
/** A rival's name line above its cards. */
export const NAME_H = 16;
/** A narrow box's line for the count of cars, under the name. */
export const COUNT_H = 14;
const GAP = 4;
/** Smallest rival card that still shows its type, colour letter and wheels. */
const MIN_CARD: CardSize = { w: 26, h: 31 };
/** Train cars are planned at this width at least; the train itself shrinks further before leaving the board. */
export const TRAIN_PLAN_W = 26;
/** The train is planned for this many cars at least, so the rivals' boxes do not shrink with every car taken. */
const TRAIN_PLAN_CARS = 12;

/** Lines a train of `cars` pieces (locomotive included) needs at car width `w` across `width`. */
export function trainLines(cars: number, width: number, w: number): number {
  const per = Math.max(1, Math.floor((width + 3) / (w + 3)));
  return Math.ceil(Math.max(1, cars) / per);
}

/** The largest car (`max` px wide down to 14) at which `cars` pieces wrap into `height`; the smallest if none does. */
export function trainCard(cars: number, width: number, height: number, max = 64): CardSize {
  for (let w = Math.floor(max / 2) * 2; w >= 14; w -= 2) {
    const h = w * 1.2;
    if (trainLines(cars, width, w) * (h + 3) <= height) return { w, h };
  }
  return { w: 14, h: 14 * 1.2 };
}

/** Whether a box `boxW` wide has room for the note beside two `card`-sized cards. */
const roomy = (boxW: number, card: CardSize) => boxW - (2 * card.w + 14) >= 64;
/** How tall a box of rivals must be with `card`-sized cards. */
export const boxHeight = (card: CardSize, note: boolean) => NAME_H + (note ? 0 : COUNT_H) + card.h + 6;

/**
 * The rivals' grid in `area`: the largest card (up to `cap`) whose rows fit its height, with as few
 * boxes to a row as fit; each box at most 230 px wide and at least wide enough for two cards.
 */
export function rivalGrid(area: Box, rivals: number, cap: CardSize): RivalGrid {
  const n = Math.max(1, rivals);
  const make = (card: CardSize, perRow: number): RivalGrid => {
    const boxW = Math.min(230, area.w / perRow);
    const note = roomy(boxW, card);
    return { x: area.x, y: area.y, perRow, boxW, boxH: boxHeight(card, note), card, note };
  };
  for (let w = Math.floor(cap.w); w >= MIN_CARD.w; w -= 2) {
    const card = { w, h: Math.min(cap.h, Math.max(MIN_CARD.h, w * 1.2)) };
    const widest = Math.max(1, Math.min(n, Math.floor(area.w / (2 * card.w + 16))));
    for (let perRow = Math.min(n, Math.max(1, Math.floor(area.w / 230))); perRow <= widest; perRow++) {
      const grid = make(card, perRow);
      if (Math.ceil(n / perRow) * grid.boxH <= area.h) return grid;
    }
  }
  // Nothing fits (a tiny window): the smallest cards, as many to a row as the width takes.
  return make(MIN_CARD, Math.max(1, Math.min(n, Math.floor(area.w / (2 * MIN_CARD.w + 16)))));
}

export interface PanelInput {
  panel: Box;
  rivals: number;
  seated: boolean;
  /** Rivals' cards are never larger than this (a little under the table's cards). */
  cap: CardSize;
  /** My hand row: the held card with its label, or the buttons beside it, whichever is taller. */
  handRow: number;
  /** Pieces of my train: the locomotive, the cars and the place of the next one. */
  trainCars: number;
}

/** Whether my area and the rivals sit side by side (a desktop at many seats). */
export function splitPanel(panel: Box, rivals: number, seated: boolean): boolean {
  return seated && panel.w >= 640 && rivals >= 3;
}

/** The height my area needs: its line, the hand row and the train planned at TRAIN_PLAN_W. */
export function myAreaNeed(width: number, handRow: number, trainCars: number): number {
  return LABEL_H + handRow + 2 + trainLines(Math.max(trainCars, TRAIN_PLAN_CARS), width, TRAIN_PLAN_W) * (TRAIN_PLAN_W * 1.2 + 3);
}

export function planPanel(input: PanelInput): PanelPlan {
  const { panel, rivals, seated, cap } = input;
  if (splitPanel(panel, rivals, seated)) {
    const mw = Math.floor(panel.w / 2) - 8;
    const grid = rivalGrid({ x: panel.x + mw + 16, y: panel.y, w: panel.w - mw - 16, h: panel.h }, rivals, cap);
    return { split: true, rivals: grid, me: { x: panel.x, y: panel.y, w: mw, h: panel.h } };
  }
  if (!seated) return { split: false, rivals: rivalGrid(panel, rivals, cap), me: null };
  const need = Math.min(panel.h, myAreaNeed(panel.w, input.handRow, input.trainCars));
  const grid = rivals > 0
    ? rivalGrid({ x: panel.x, y: panel.y, w: panel.w, h: Math.max(0, panel.h - need - GAP) }, rivals, cap)
    : { ...rivalGrid(panel, 1, cap), boxH: 0 };
  const used = rivals > 0 ? Math.ceil(rivals / grid.perRow) * grid.boxH + GAP : 0;
  return { split: false, rivals: grid, me: { x: panel.x, y: panel.y + used, w: panel.w, h: panel.h - used } };
}

/**
 * The upright table's share of the height: about half, more (up to 62 %) when finger-tall rows need
 * it and the panel keeps what it needs (rivals at their smallest readable boxes and my area).
 */
export function panelNeed(width: number, rivals: number, seated: boolean, handRow: number): number {
  if (rivals === 0 && !seated) return 0;
  const perRow = Math.max(1, Math.min(Math.max(1, rivals), Math.floor(width / (2 * 36 + 16))));
  const rivalsH = rivals > 0 ? Math.ceil(rivals / perRow) * boxHeight({ w: 36, h: 43 }, roomy(width / perRow, { w: 36, h: 43 })) + GAP : 0;
  return 10 + rivalsH + (seated ? myAreaNeed(width, handRow, 1) : 0);
}
