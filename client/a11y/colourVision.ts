/**
 * Colour-vision deficiency simulation (Machado, Oliveira & Fernandes 2009, severity 1: protanopia,
 * deuteranopia, tritanopia), applied in linear RGB, and the CIE76 distance in L*a*b* between two
 * colours. Used by the colour-cue checks (client/games/colourCues.ts and its tests) to find the
 * pieces whose colours a colour-blind player may not tell apart: those must differ by a mark too.
 */
export type Deficiency = 'protanopia' | 'deuteranopia' | 'tritanopia';
export type Rgb = [number, number, number];

const MATRICES: Record<Deficiency, number[]> = {
  protanopia: [0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998],
  deuteranopia: [0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.01182, 0.04294, 0.968881],
  tritanopia: [1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367, 0.3039],
};

export const DEFICIENCIES = Object.keys(MATRICES) as Deficiency[];

const toLinear = (c: number): number => { const s = c / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
const toSrgb = (l: number): number => { const c = Math.min(1, Math.max(0, l)); return Math.round(255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055)); };

export const rgbOf = (hex: number): Rgb => [(hex >> 16) & 255, (hex >> 8) & 255, hex & 255];

export function simulate([r, g, b]: Rgb, deficiency: Deficiency): Rgb {
  const m = MATRICES[deficiency];
  const [lr, lg, lb] = [toLinear(r), toLinear(g), toLinear(b)];
  return [toSrgb(m[0] * lr + m[1] * lg + m[2] * lb), toSrgb(m[3] * lr + m[4] * lg + m[5] * lb), toSrgb(m[6] * lr + m[7] * lg + m[8] * lb)];
}

function lab([r, g, b]: Rgb): Rgb {
  const [lr, lg, lb] = [toLinear(r), toLinear(g), toLinear(b)];
  const x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047;
  const y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  const z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIE76 ΔE: about 2.3 is just noticeable; under ~20 two flat colours are easily confused at a glance. */
export function deltaE(a: Rgb, b: Rgb): number {
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

/** Below this ΔE after simulation, two piece colours count as "the same" for a colour-blind player. */
export const CONFUSABLE = 20;
