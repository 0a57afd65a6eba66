/** Traffic-Memory pictures, drawn with the Trafficcars card faces (client/games/trafficcars/cardFace.ts). */
import { carCard, wildCard, type TrafficcarsCard } from '../../../shared/games/trafficcars_deck/cards.js';
import { drawBack, drawCard, type CardSize } from '../../games/trafficcars/cardFace.js';
import type { GalleryDrawing, GamePictures, Picture } from './picture.js';
import { cross, tick } from './marks.js';

const S: CardSize = { w: 40, h: 56 };
const STEP = S.w + 6;

const grid = (): Picture => ({
  w: 5 * STEP, h: 3 * (S.h + 6),
  draw: (scene) => Array.from({ length: 15 }, (_, i) => drawBack(scene, S.w / 2 + 2 + (i % 5) * STEP, S.h / 2 + 2 + Math.floor(i / 5) * (S.h + 6), S)),
});

/** Cards in opening order; the last one breaks the run when `breaks`. */
function opened(cards: TrafficcarsCard[], breaks: boolean): Picture {
  const n = cards.length;
  return {
    w: n * STEP + 6, h: S.h + 28,
    draw: (scene) => [
      ...cards.map((c, i) => drawCard(scene, S.w / 2 + 2 + i * STEP + (breaks && i === n - 1 ? 6 : 0), S.h / 2 + 2, S, c)),
      ...cards.map((_, i) => (breaks && i === n - 1 ? cross : tick)(scene, S.w / 2 + 2 + i * STEP + (breaks && i === n - 1 ? 6 : 0), S.h + 16)),
    ],
  };
}

export const trafficMemoryPictures: GamePictures = () => ({
  setup: grid(),
  turn: opened([carCard(9), carCard(10), carCard(11), carCard(22)], true),
  special: opened([carCard(21), wildCard('police', 1), carCard(23)], false),
});

/** The gallery: twelve cards face down, three of them open. */
export const trafficMemoryGallery: GalleryDrawing = (scene, c) => {
  const size = { w: 34, h: 48 };
  const open: Record<number, number> = { 2: 9, 3: 10, 9: 11 };
  for (let i = 0; i < 12; i++) {
    const x = 30 + (i % 6) * 37;
    const y = 30 + Math.floor(i / 6) * 54;
    c.add(open[i] ? drawCard(scene, x, y, size, carCard(open[i]), 0xf2c14e) : drawBack(scene, x, y, size));
  }
};
