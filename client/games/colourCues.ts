/**
 * Colour is never the only cue (issue 30): every piece that comes in colours, per game, with the
 * colour it is drawn in (the renderers' own constants) and the marks it carries besides (a letter
 * from the game's table texts, a shape, a pattern, a symbol). The colour-cue tests simulate colour
 * blindness on these colours and on screenshots, and require pieces a colour-blind player could
 * confuse to differ by a mark.
 */
import { FILL as BIP_FILL } from './bip_bip/pieces.js';
import { FILL as EXCHANGE_FILL } from './car_exchange/cardFace.js';
import { FILL as RAILWAY_FILL } from './railway/carFace.js';
import { SEAT_COLOUR } from './traffic_tango/draw.js';
import { BAND } from './trafficcars/cardFace.js';
import { STYLE as RUSH_STYLE } from './rush_hour/cardFace.js';

export interface ColouredPiece {
  piece: string;
  colour: number;
  /** A letter, as a key of the game's table texts (it differs by language: J for jaune). */
  letterKey?: string;
  shape?: string;
  pattern?: string;
  symbol?: string;
}

export const colourCues: Record<string, ColouredPiece[]> = {
  bip_bip: [
    { piece: 'red car', colour: BIP_FILL.R, letterKey: 'table_bip_bip:letter.R', shape: 'circle' },
    { piece: 'blue car', colour: BIP_FILL.B, letterKey: 'table_bip_bip:letter.B', shape: 'square' },
    { piece: 'yellow car', colour: BIP_FILL.Y, letterKey: 'table_bip_bip:letter.Y', shape: 'triangle' },
  ],
  car_exchange: (['red', 'blue', 'green', 'yellow'] as const).map((c, i) => ({
    piece: `${c} card`, colour: EXCHANGE_FILL[c], letterKey: `table_car_exchange:colour.letter.${c}`, pattern: ['stripes', 'dots', 'diagonals', 'bars'][i],
  })),
  railway_madness: (['red', 'blue', 'green'] as const).map((c, i) => ({
    piece: `${c} car`, colour: RAILWAY_FILL[c], letterKey: `table_railway_madness:colourLetter.${c}`, pattern: ['stripes', 'dots', 'plain'][i],
  })),
  traffic_tango: SEAT_COLOUR.map((colour, seat) => ({ piece: `seat ${seat + 1}`, colour, symbol: String(seat + 1), shape: ['circle', 'square', 'triangle', 'diamond'][seat] })),
  // Traffic-Memory and Took Over! share the Trafficcars cards: the kind is printed, the band patterned.
  traffic_memory: trafficcars(),
  took_over: trafficcars(),
  rush_hour: (['car', 'trailer', 'ambulance', 'police', 'tow'] as const).map((k) => ({
    piece: k, colour: RUSH_STYLE[k].fill, symbol: RUSH_STYLE[k].symbol || `table_rush_hour:card.trailerShort`,
  })),
};

function trafficcars(): ColouredPiece[] {
  const patterns = { car: 'plain', trailer: 'diagonals', police: 'chequers', ambulance: 'cross' } as const;
  return (['car', 'trailer', 'police', 'ambulance'] as const).map((k) => ({ piece: k, colour: BAND[k], letterKey: `common:trafficcars.kind.${k}`, pattern: patterns[k] }));
}

/** Everything but the colour, as one comparable string (letters in the given reader's words). */
export function marksOf(p: ColouredPiece, letter: (key: string) => string): string {
  return [p.letterKey ? letter(p.letterKey) : '', p.shape ?? '', p.pattern ?? '', p.symbol ?? ''].join('|');
}
