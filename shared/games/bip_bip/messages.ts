/** How Bip! Bip! names cards, cars and intersections inside its messages (shared/i18n/msg.ts). */
import { keyRef } from '../../i18n/msg.js';
import { cellName } from './board.js';
import type { Colour } from './cards.js';

/** A card by its id: "the L card red-blue / yellow" is spelled out in each language (`bip_bip:card.id_<id>`). */
export const cardRef = (id: number): string => keyRef(`bip_bip:card.id_${id}`);

/** A car's colour as an adjective: "red" / "rouge" (`bip_bip:colour.R`). */
export const colourRef = (colour: Colour): string => keyRef(`bip_bip:colour.${colour}`);

/** Intersections keep their board names (a1…d4), which read the same in every language. */
export const cellList = (cells: readonly number[]): string => cells.map(cellName).join(', ');
