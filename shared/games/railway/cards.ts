/**
 * Railway Madness components (RULES-NOTES 5.1): 54 cars = 6 types × 3 colours × 3 wheel counts,
 * each combination once, and 6 locomotives each showing one car.
 */
import { keyRef } from '../../i18n/msg.js';

export const CAR_TYPES = ['tank', 'box', 'hopper', 'coach', 'flat', 'cattle'] as const;
export const COLOURS = ['red', 'blue', 'green'] as const;
export const WHEELS = [2, 3, 4] as const;

export type CarType = (typeof CAR_TYPES)[number];
export type Colour = (typeof COLOURS)[number];
export type Wheels = (typeof WHEELS)[number];

/** A car's face: type, colour and wheels are separate so the client never relies on colour alone. */
export interface Car {
  type: CarType;
  colour: Colour;
  wheels: Wheels;
}

export const CAR_COUNT = 54;

/** Card id 0..53 ↔ its face (type-major). Ids are only ever sent for cards that are face up. */
export function carOf(id: number): Car {
  return { type: CAR_TYPES[Math.floor(id / 9)], colour: COLOURS[Math.floor(id / 3) % 3], wheels: WHEELS[id % 3] };
}

export function carId(car: Car): number {
  return CAR_TYPES.indexOf(car.type) * 9 + COLOURS.indexOf(car.colour) * 3 + WHEELS.indexOf(car.wheels);
}

/** The six locomotives: each type once, each colour and wheel count twice, no colour/wheel pair repeated. */
export const LOCOMOTIVES: readonly Car[] = [
  { type: 'tank', colour: 'red', wheels: 2 },
  { type: 'box', colour: 'blue', wheels: 3 },
  { type: 'hopper', colour: 'green', wheels: 4 },
  { type: 'coach', colour: 'blue', wheels: 4 },
  { type: 'flat', colour: 'green', wheels: 2 },
  { type: 'cattle', colour: 'red', wheels: 3 },
];

export function sharedFeatures(a: Car, b: Car): number {
  return Number(a.type === b.type) + Number(a.colour === b.colour) + Number(a.wheels === b.wheels);
}

/** A car as message parameters: type and colour are translated fragments, wheels a number. */
export function carParams(car: Car): { type: string; colour: string; wheels: number } {
  return { type: keyRef(`railway_madness:type.${car.type}`), colour: keyRef(`railway_madness:colour.${car.colour}`), wheels: car.wheels };
}
