/**
 * Random frames for the fuzz run, drawn from a seeded generator so a run can be repeated: message
 * types of any length (names Colyseus treats specially included), bodies of any shape and size,
 * and raw bytes that are not a Colyseus frame at all.
 */
import { Rng } from '../../shared/random.js';

export type Frame =
  | { kind: 'message'; type: string | number; body: unknown }
  | { kind: 'raw'; bytes: Uint8Array };

const SPECIAL_TYPES = ['__no_message_handler', '__proto__', 'constructor', 'toString', '*', '', 'hasOwnProperty'];

export class FrameFuzzer {
  private readonly rng: Rng;
  constructor(seed: number, private readonly knownTypes: readonly string[]) {
    this.rng = new Rng(seed);
  }

  next(): Frame {
    const roll = this.rng.next();
    if (roll < 0.15) return { kind: 'raw', bytes: this.bytes() };
    return { kind: 'message', type: this.type(), body: this.value(3) };
  }

  private type(): string | number {
    const roll = this.rng.next();
    if (roll < 0.35) return this.pick(this.knownTypes);
    if (roll < 0.45) return this.pick(SPECIAL_TYPES);
    if (roll < 0.55) return this.rng.int(100_000);
    return this.text(1 + this.rng.int(this.rng.next() < 0.2 ? 400 : 40));
  }

  private value(depth: number): unknown {
    const roll = this.rng.next();
    if (depth === 0 || roll < 0.2) return this.scalar();
    if (roll < 0.5) return Array.from({ length: this.rng.int(6) }, () => this.value(depth - 1));
    const out: Record<string, unknown> = {};
    for (let i = this.rng.int(6); i > 0; i--) out[this.rng.next() < 0.3 ? this.pick(['id', 'a', 't', 'v', 'c', 'type', 'options', 'level', 'seat', '__proto__']) : this.text(1 + this.rng.int(12))] = this.value(depth - 1);
    return out;
  }

  private scalar(): unknown {
    const roll = this.rng.next();
    if (roll < 0.2) return this.rng.int(2 ** 31) * (this.rng.next() < 0.5 ? -1 : 1);
    if (roll < 0.3) return [NaN, Infinity, -Infinity, 1e308, -0, 0.5][this.rng.int(6)];
    if (roll < 0.4) return this.rng.next() < 0.5;
    if (roll < 0.45) return null;
    // Mostly short strings, sometimes large ones (beyond the edge's size cap).
    return this.text(this.rng.next() < 0.003 ? 1000 + this.rng.int(4000) : this.rng.int(30));
  }

  private text(length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) {
      const roll = this.rng.next();
      s += roll < 0.8 ? String.fromCharCode(32 + this.rng.int(95))
        : roll < 0.9 ? String.fromCharCode(this.rng.int(32))
        : String.fromCodePoint(0x80 + this.rng.int(0x2ffff));
    }
    return s;
  }

  private bytes(): Uint8Array {
    const out = new Uint8Array(1 + this.rng.int(this.rng.next() < 0.02 ? 5000 : 64));
    for (let i = 0; i < out.length; i++) out[i] = this.rng.int(256);
    // Often start with a real protocol code so the frame gets past the first byte.
    if (this.rng.next() < 0.6) out[0] = this.pick([13, 17, 10, 14, 12]);
    return out;
  }

  private pick<T>(list: readonly T[]): T {
    return list[this.rng.int(list.length)];
  }
}
