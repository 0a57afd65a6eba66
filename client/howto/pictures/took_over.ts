/** Took Over! pictures, drawn with the Trafficcars card faces (client/games/trafficcars/cardFace.ts). */
import { carCard, trailerCard, type NumberedCard } from '../../../shared/games/trafficcars_deck/cards.js';
import { drawBack, drawCard, type CardSize } from '../../games/trafficcars/cardFace.js';
import type { GalleryDrawing, GamePictures, Picture } from './picture.js';
import { arrow } from './marks.js';

const S: CardSize = { w: 40, h: 56 };
const STEP = S.w + 6;
const TAKEN = 0x2fbf71;

function lineOf(cards: NumberedCard[], lit: number[] = [], ends = false): Picture {
  const pad = ends ? 28 : 2;
  return {
    w: cards.length * STEP + 2 * pad, h: S.h + 6,
    draw: (scene) => [
      ...cards.map((c, i) => drawCard(scene, pad + S.w / 2 + i * STEP, S.h / 2 + 3, S, c, lit.includes(i) ? TAKEN : undefined)),
      ...(ends ? [arrow(scene, 2, S.h / 2 + 3, pad - 4, S.h / 2 + 3), arrow(scene, cards.length * STEP + 2 * pad - 2, S.h / 2 + 3, cards.length * STEP + pad - 2, S.h / 2 + 3)] : []),
    ],
  };
}

const deal = (): Picture => ({
  w: STEP + 30 + 5 * 42 + S.w + 4, h: S.h + 6,
  draw: (scene) => [
    drawBack(scene, S.w / 2 + 2, S.h / 2 + 3, S), drawBack(scene, S.w / 2 + 6, S.h / 2 + 1, S),
    ...[3, 17, 22, 31, 40, 48].map((n, i) => drawCard(scene, STEP + 30 + S.w / 2 + i * 42, S.h / 2 + 3, S, carCard(n))),
  ],
});

export const tookOverPictures: GamePictures = () => ({
  setup: deal(),
  turn: lineOf([carCard(12), carCard(18), carCard(25)], [], true),
  special: lineOf([carCard(12), carCard(18), carCard(25), carCard(26), carCard(28), carCard(30)], [3, 4]),
});

/** The gallery: a line of cards, one about to take over, and the draw pile. */
export const tookOverGallery: GalleryDrawing = (scene, c) => {
  const size = { w: 38, h: 54 };
  const line = [carCard(5), carCard(12), trailerCard(4, 'shared'), carCard(19), carCard(27)];
  line.forEach((card, i) => c.add(drawCard(scene, 26 + i * 42, 44, size, card)));
  c.add(drawCard(scene, 222, 76, size, carCard(31), 0xf2c14e));
  c.add(drawBack(scene, 222, 30, { w: 30, h: 42 }));
};
