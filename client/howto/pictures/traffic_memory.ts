/** Traffic-Memory pictures, drawn with the Trafficcars card faces (client/games/trafficcars/cardFace.ts). */
import { carCard, wildCard, type TrafficcarsCard } from '../../../shared/games/trafficcars_deck/cards.js';
import { drawBack, drawCard, type CardSize } from '../../games/trafficcars/cardFace.js';
import type { GamePictures, Picture } from './picture.js';
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
