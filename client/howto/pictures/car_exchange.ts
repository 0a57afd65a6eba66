/** Car Exchange pictures, drawn with the table's own card faces (client/games/car_exchange/cardFace.ts). */
import { carId, cardOf, fineId, paintId, serviceId, type Card, type Colour } from '../../../shared/games/car_exchange/cards.js';
import { drawBack, drawCard, type CardSize } from '../../games/car_exchange/cardFace.js';
import type { GalleryDrawing, GamePictures, Picture } from './picture.js';
import { arrow } from './marks.js';

const S: CardSize = { w: 44, h: 62 };
const STEP = S.w + 6;
const carOf = (colour: Colour, value: number): Card => ({ id: 0, kind: 'car', colour, value });
const grey = (kind: Card['kind']): Card => ({ id: 0, kind, colour: null, value: null });

const setup = (): Picture => ({
  w: 2 * STEP + 20 + 5 * 28 + S.w, h: S.h + 4,
  draw: (scene) => [
    drawBack(scene, 2, 2, S), drawCard(scene, 2 + STEP, 2, S, carOf('red', 7)),
    ...[carOf('blue', 2), carOf('red', 3), grey('paint'), carOf('green', 7), { id: 0, kind: 'fine', colour: 'yellow', value: null } as Card, carOf('yellow', 9)]
      .map((c, i) => drawCard(scene, 2 * STEP + 20 + i * 28, 2, S, c)),
  ],
});

/** The top of the pile, and which hand cards may follow it. */
const follow = (): Picture => ({
  w: STEP + 34 + 3 * STEP, h: S.h + 4,
  draw: (scene) => [
    drawCard(scene, 2, 2, S, carOf('red', 7)),
    arrow(scene, STEP + 30, S.h / 2, STEP + 2, S.h / 2),
    drawCard(scene, STEP + 34, 2, S, carOf('red', 3), { lit: true }),
    drawCard(scene, 2 * STEP + 34, 2, S, carOf('blue', 7), { lit: true }),
    drawCard(scene, 3 * STEP + 34, 2, S, carOf('green', 2), { dim: true }),
  ],
});

const specials = (): Picture => {
  const cards: Card[] = [
    { id: 0, kind: 'service', colour: 'blue', value: null }, { id: 0, kind: 'fine', colour: 'green', value: null },
    grey('paint'), grey('garage'), grey('exchange'), grey('newCar'),
  ];
  return { w: 3 * STEP + 2, h: 2 * (S.h + 6), draw: (scene) => cards.map((c, i) => drawCard(scene, 2 + (i % 3) * STEP, 2 + Math.floor(i / 3) * (S.h + 6), S, c)) };
};

export const carExchangePictures: GamePictures = () => ({ setup: setup(), turn: follow(), special: specials() });

/** The gallery: a fan of cars, a service, a fine and a paint card. */
export const carExchangeGallery: GalleryDrawing = (scene, c) => {
  const size = { w: 46, h: 68 };
  const ids = [carId('red', 7), carId('blue', 7), serviceId('blue'), fineId('green'), paintId()];
  ids.forEach((id, i) => {
    const card = drawCard(scene, 18 + i * 42, 26 + (i % 2) * 8, size, cardOf(id));
    card.setAngle(-8 + i * 4);
    c.add(card);
  });
};
