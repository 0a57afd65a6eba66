/** Rush Hour pictures, drawn with the table's own card faces (client/games/rush_hour/cardFace.ts). */
import type Phaser from 'phaser';
import { cardOf, type Card } from '../../../shared/games/rush_hour/cards.js';
import { drawCard, drawFreeSpot, type CardSize } from '../../games/rush_hour/cardFace.js';
import type { GalleryDrawing, GamePictures, Picture } from './picture.js';
import { arrow } from './marks.js';

const S: CardSize = { w: 36, h: 50 };
const STEP = S.w + 5;
const ROW = S.h + 6;
const num = (n: number): Card => ({ id: n - 1, kind: 'car', number: n });
const trailer = (n: number): Card => ({ id: 49 + n / 4, kind: 'trailer', number: n });
const special = (kind: 'ambulance' | 'police' | 'tow'): Card => ({ id: kind === 'ambulance' ? 62 : kind === 'police' ? 66 : 70, kind, number: null });

function rows(list: Card[][], lit?: [number, number]): Picture {
  const longest = Math.max(...list.map((r) => r.length));
  return {
    w: longest * STEP + 2, h: list.length * ROW,
    draw: (scene) => list.flatMap((row, r) => row.map((c, i) =>
      drawCard(scene, 1 + i * STEP, 2 + r * ROW, S, c, lit && lit[0] === r && lit[1] === i ? { highlight: 0x2fbf71 } : {}))),
  };
}

function line(cards: { card: Card; points: number }[]): Picture {
  return {
    w: cards.length * STEP + 2, h: S.h + 4,
    draw: (scene) => cards.map(({ card, points }, i) => drawCard(scene, 1 + i * STEP, 2, S, card, { points })),
  };
}

const setup = (): Picture => {
  const hand = [num(12), num(27), num(41), num(8)];
  const hx = STEP + 28;
  return {
    w: hx + hand.length * STEP, h: 3 * ROW,
    draw: (scene) => [
      ...[7, 19, 33].map((n, r) => drawCard(scene, 1, 2 + r * ROW, S, num(n))),
      ...hand.map((c, i) => drawCard(scene, hx + i * STEP, 2 + ROW, S, c)),
    ],
  };
};

const turn = (): Picture => {
  const base = rows([[num(7), num(12)], [num(19), num(24), num(25), num(27)], [num(33)]], [1, 3]);
  return { ...base, w: base.w + 30, draw: (scene) => [...base.draw(scene), arrow(scene, base.w + 26, 2 + ROW + S.h / 2, base.w + 2, 2 + ROW + S.h / 2)] };
};

/** The four kinds with their points, and under them a Tow Truck with the free spot it leaves. */
const specials = (): Picture => ({
  w: 4 * STEP + 2, h: 2 * ROW,
  draw: (scene): Phaser.GameObjects.GameObject[] => [
    ...[{ card: trailer(24), points: 1 }, { card: special('ambulance'), points: 2 }, { card: special('police'), points: 2 }, { card: special('tow'), points: 2 }]
      .map(({ card, points }, i) => drawCard(scene, 1 + i * STEP, 2, S, card, { points })),
    drawCard(scene, 1, 2 + ROW, S, num(19)), drawCard(scene, 1 + STEP, 2 + ROW, S, num(24)),
    drawCard(scene, 1 + 2 * STEP, 2 + ROW, S, special('tow')), drawFreeSpot(scene, 1 + 3 * STEP, 2 + ROW, S),
  ],
});

/** A Trailer stacks on the last card of a row. */
const stacked = (): Picture => ({
  w: 2 * STEP + 14, h: S.h + 16,
  draw: (scene) => [drawCard(scene, 1, 2, S, num(19)), drawCard(scene, 1 + STEP, 2, S, num(22)), drawCard(scene, 1 + STEP + 10, 12, S, trailer(24), { highlight: 0x2fbf71 })],
});

export const rushHourPictures: GamePictures = (variant) => {
  const kids = variant === 'kids';
  return {
    setup: setup(),
    turn: turn(),
    special: kids ? stacked() : specials(),
    end: kids ? line([{ card: num(14), points: 1 }, { card: num(15), points: 1 }, { card: trailer(24), points: 1 }])
      : line([{ card: num(14), points: 1 }, { card: trailer(24), points: 1 }, { card: special('police'), points: 2 }]),
  };
};

/** The gallery: two lanes of ascending cars, an Ambulance cutting in. */
export const rushHourGallery: GalleryDrawing = (scene, c) => {
  const size = { w: 36, h: 50 };
  const rules = { trailerNumbers: 'shared' as const, trailerPoints: 1 as const };
  const rows = [[4, 11, 17, 23], [30, 36, 41]];
  rows.forEach((row, r) => row.forEach((n, i) => c.add(drawCard(scene, 8 + i * 40, 6 + r * 56, size, cardOf(n - 1, rules)))));
  const ambulance = [...Array(74).keys()].map((id) => cardOf(id, rules)).find((card) => card.kind === 'ambulance');
  if (ambulance) c.add(drawCard(scene, 180, 30, { w: 46, h: 62 }, ambulance, { highlight: 0xf2c14e }));
};
