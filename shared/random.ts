/**
 * Seeded PRNG (sfc32 seeded through splitmix32). Every game is reproducible from
 * (seed, actions): rules draw randomness only from here, never from Math.random().
 * The whole generator state is four 32-bit integers so it can live inside a game state.
 */
export type RngState = [number, number, number, number];

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function seedRng(seed: number): RngState {
  const next = splitmix32(seed);
  return [next(), next(), next(), next()];
}

export class Rng {
  private s: RngState;
  constructor(state: RngState | number) {
    this.s = typeof state === 'number' ? seedRng(state) : [...state] as RngState;
  }
  /** The generator's state, to store back into a game state after drawing. */
  get state(): RngState {
    return [...this.s] as RngState;
  }
  /** Uniform float in [0, 1). */
  next(): number {
    let [a, b, c, d] = this.s;
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    this.s = [a >>> 0, b >>> 0, c >>> 0, d];
    return t / 4294967296;
  }
  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from empty list');
    return items[this.int(items.length)];
  }
  /** Fisher–Yates; returns a new array. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}

/**
 * Draw a fresh 32-bit seed from the platform's cryptographic generator: seeds are published with
 * results, and Math.random's state can be recovered from a few outputs, which would let a player
 * predict the next table's deal.
 */
export function randomSeed(): number {
  return globalThis.crypto.getRandomValues(new Uint32Array(1))[0];
}
