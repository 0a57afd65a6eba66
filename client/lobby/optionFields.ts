/**
 * The room options a game's engine accepts, read from its zod `optionsSchema` so the lobby offers
 * exactly those (nothing hand-copied that could drift): each top-level field becomes a field
 * description — switch, choice, number (times shown in seconds or minutes), or per-seat list.
 */
import { z } from 'zod';
import type { GameMeta } from '../../shared/games/catalogue.js';

export type Field =
  | { name: string; kind: 'boolean' }
  | { name: string; kind: 'choice'; values: (string | number)[] }
  | { name: string; kind: 'number'; min: number; max: number; unit: 'count' | 'seconds' | 'minutes' }
  | { name: string; kind: 'seatNumbers'; min: number; max: number }
  | { name: string; kind: 'seatSet' };

/** Fields the lobby sets itself (variant has its own control). */
const OWN = new Set(['variant']);

function unwrap(type: z.ZodTypeAny): z.ZodTypeAny {
  let t = type;
  for (;;) {
    if (t instanceof z.ZodDefault) t = t._def.innerType;
    else if (t instanceof z.ZodOptional || t instanceof z.ZodNullable) t = t._def.innerType;
    else if (t instanceof z.ZodEffects) t = t._def.schema;
    else return t;
  }
}

function objectOf(schema: z.ZodTypeAny): z.ZodObject<z.ZodRawShape> | null {
  const t = unwrap(schema);
  return t instanceof z.ZodObject ? t : null;
}

function bounds(n: z.ZodNumber): { min: number; max: number } {
  let min = Number.NEGATIVE_INFINITY;
  let max = Number.POSITIVE_INFINITY;
  for (const check of n._def.checks) {
    if (check.kind === 'min') min = check.value;
    if (check.kind === 'max') max = check.value;
  }
  return { min, max };
}

function fieldOf(name: string, raw: z.ZodTypeAny): Field | null {
  const t = unwrap(raw);
  if (t instanceof z.ZodBoolean) return { name, kind: 'boolean' };
  if (t instanceof z.ZodEnum) return { name, kind: 'choice', values: [...(t._def.values as string[])] };
  if (t instanceof z.ZodUnion) {
    const values = (t._def.options as z.ZodTypeAny[]).map((o) => (o instanceof z.ZodLiteral ? o._def.value as string | number : null));
    return values.every((v) => v !== null) ? { name, kind: 'choice', values: values as (string | number)[] } : null;
  }
  if (t instanceof z.ZodNumber) {
    const { min, max } = bounds(t);
    const unit = !name.endsWith('Ms') ? 'count' : max > 600_000 ? 'minutes' : 'seconds';
    return { name, kind: 'number', min, max, unit };
  }
  if (t instanceof z.ZodArray) {
    const item = unwrap(t._def.type as z.ZodTypeAny);
    if (!(item instanceof z.ZodNumber)) return null;
    // A list of seat numbers (who plays by another rule) or one number per seat (a handicap).
    if (/Seats$/.test(name)) return { name, kind: 'seatSet' };
    const { min, max } = bounds(item);
    return { name, kind: 'seatNumbers', min, max };
  }
  return null;
}

/** Every option the game's schema accepts, in the schema's order (players first). */
export function optionFields(game: GameMeta): Field[] {
  const shape = objectOf(game.optionsSchema as unknown as z.ZodTypeAny)?.shape ?? {};
  const fields = Object.entries(shape).filter(([name]) => !OWN.has(name))
    .map(([name, type]) => fieldOf(name, type as z.ZodTypeAny)).filter((f): f is Field => f !== null);
  return [...fields.filter((f) => f.name === 'players'), ...fields.filter((f) => f.name !== 'players')];
}

/** The options as the engine resolves them for this variant (defaults and presets filled in). */
export function resolvedDefaults(game: GameMeta, variant: string, players?: number): Record<string, unknown> {
  const parsed = game.optionsSchema.safeParse({ variant, ...(players ? { players } : {}) });
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const plain = game.optionsSchema.safeParse({ variant });
  return plain.success ? plain.data as Record<string, unknown> : { variant };
}

/** Milliseconds ↔ the unit shown. */
export function toShown(field: Field, value: number): number {
  if (field.kind !== 'number') return value;
  if (field.unit === 'seconds') return value / 1000;
  if (field.unit === 'minutes') return value / 60_000;
  return value;
}

export function fromShown(field: Field, shown: number): number {
  if (field.kind !== 'number') return shown;
  if (field.unit === 'seconds') return Math.round(shown * 1000);
  if (field.unit === 'minutes') return Math.round(shown * 60_000);
  return Math.round(shown);
}
