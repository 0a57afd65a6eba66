/** Railway Madness pictures, drawn with the table's own car faces (client/games/railway/carFace.ts). */
import type Phaser from 'phaser';
import { LOCOMOTIVES, carOf, type Car } from '../../../shared/games/railway/cards.js';
import { carAt as carCentredAt, faceDownAt as faceDownCentredAt, type CardSize } from '../../games/railway/carFace.js';
import type { GalleryDrawing, GamePictures, Picture } from './picture.js';
import { arrow, cross, tick, veil } from './marks.js';

// The table draws a car centred on its point; these pictures place cards by their top-left corner.
const carAt = (scene: Phaser.Scene, x: number, y: number, size: CardSize, c: Car, opts?: { locomotive?: boolean }) => carCentredAt(scene, x + size.w / 2, y + size.h / 2, size, c, opts);
const faceDownAt = (scene: Phaser.Scene, x: number, y: number, size: CardSize) => faceDownCentredAt(scene, x + size.w / 2, y + size.h / 2, size);

const BIG: CardSize = { w: 58, h: 44 };
const SMALL: CardSize = { w: 46, h: 34 };
const GAP = 8;
const car = (type: Car['type'], colour: Car['colour'], wheels: Car['wheels']): Car => ({ type, colour, wheels });

/** A locomotive and its cars in a row; a mark under each joint ('ok', 'bad', or nothing). */
function train(cars: Car[], marks: ('ok' | 'bad' | null)[] = [], lostFrom = -1): Picture {
  const w = cars.length * (BIG.w + GAP) - GAP + 4;
  return {
    w, h: BIG.h + 26,
    draw: (scene) => {
      const out: Phaser.GameObjects.GameObject[] = [];
      cars.forEach((c, i) => out.push(carAt(scene, 2 + i * (BIG.w + GAP), 2, BIG, c, { locomotive: i === 0 })));
      marks.forEach((m, i) => {
        const x = 2 + (i + 1) * (BIG.w + GAP) - GAP / 2;
        if (m === 'ok') out.push(tick(scene, x, BIG.h + 14));
        if (m === 'bad') out.push(cross(scene, x, BIG.h + 14));
      });
      if (lostFrom >= 0) out.push(veil(scene, 2 + lostFrom * (BIG.w + GAP) - 2, 0, w - lostFrom * (BIG.w + GAP), BIG.h + 4));
      return out;
    },
  };
}

function table(faceUp: boolean): Picture {
  const faces = [car('box', 'blue', 3), car('flat', 'green', 2), car('cattle', 'red', 4), car('hopper', 'green', 3),
    car('coach', 'red', 2), car('tank', 'blue', 4), car('box', 'red', 2), car('flat', 'blue', 4)];
  return {
    w: BIG.w + 16 + 4 * (SMALL.w + 6), h: 2 * (SMALL.h + 6) + 4,
    draw: (scene) => [
      carAt(scene, 2, 2 + SMALL.h / 2, BIG, car('tank', 'red', 2), { locomotive: true }),
      ...faces.map((f, i) => {
        const x = BIG.w + 16 + (i % 4) * (SMALL.w + 6);
        const y = 2 + Math.floor(i / 4) * (SMALL.h + 6);
        return faceUp ? carAt(scene, x, y, SMALL, f) : faceDownAt(scene, x, y, SMALL);
      }),
    ],
  };
}

function search(faceUp: boolean): Picture {
  const held = car('tank', 'blue', 3);
  const x0 = faceUp ? 2 : BIG.w + 36;
  return {
    w: x0 + BIG.w + 30 + 2 * (BIG.w + GAP), h: BIG.h + 6,
    draw: (scene) => {
      const out: Phaser.GameObjects.GameObject[] = [];
      if (!faceUp) out.push(faceDownAt(scene, 2, 2, BIG), arrow(scene, BIG.w + 8, BIG.h / 2 + 2, BIG.w + 30, BIG.h / 2 + 2));
      const tx = x0 + BIG.w + 30;
      out.push(carAt(scene, x0, 2, BIG, held), arrow(scene, x0 + BIG.w + 6, BIG.h / 2 + 2, tx - 4, BIG.h / 2 + 2));
      out.push(carAt(scene, tx, 2, BIG, car('tank', 'red', 2), { locomotive: true }), carAt(scene, tx + BIG.w + GAP, 2, BIG, held));
      return out;
    },
  };
}

function locomotives(): Picture {
  const locos = [car('tank', 'red', 2), car('box', 'blue', 3), car('hopper', 'green', 4), car('coach', 'blue', 4), car('flat', 'green', 2)];
  const cx = SMALL.w + 24;
  return {
    w: cx * 2 + SMALL.w, h: 5 * (SMALL.h + 4),
    draw: (scene) => [
      faceDownAt(scene, 2, 2 * (SMALL.h + 4), SMALL),
      ...locos.map((l, i) => carAt(scene, cx, i * (SMALL.h + 4), SMALL, l, { locomotive: true })),
      faceDownAt(scene, cx * 2 - 2, 2 * (SMALL.h + 4), SMALL),
    ],
  };
}

export const railwayPictures: GamePictures = (variant) => {
  const faceUp = variant === 'juniors' || variant === 'express';
  const goal = variant === 'express' ? train([car('tank', 'red', 2), car('tank', 'blue', 3), car('box', 'blue', 4), car('flat', 'green', 4)], ['ok', 'ok', 'ok'])
    : variant === 'training' ? train([car('tank', 'red', 2), car('tank', 'blue', 3), car('tank', 'green', 4), car('tank', 'red', 4)], ['ok', 'ok', 'ok'])
    : train([car('tank', 'red', 2), car('tank', 'blue', 3), car('hopper', 'blue', 4), car('hopper', 'green', 2)], ['ok', 'ok', 'ok']);
  if (variant === 'longest_train') return { goal, setup: locomotives(), turn: search(false) };
  return {
    goal,
    setup: table(faceUp),
    turn: search(faceUp),
    end: train([car('tank', 'red', 2), car('tank', 'blue', 3), car('coach', 'green', 4), car('coach', 'green', 2)], ['ok', 'bad'], 2),
  };
};

/** The gallery: a locomotive pulling three matching cars (a car is drawn centred on its point). */
export const railwayGallery: GalleryDrawing = (scene, c) => {
  const size = { w: 54, h: 56 };
  c.add(carCentredAt(scene, 33, 60, size, LOCOMOTIVES[0], { locomotive: true }));
  [3, 12, 21].forEach((id, i) => c.add(carCentredAt(scene, 91 + i * 58, 60, size, carOf(id))));
};
