/**
 * A zod refusal of a form (a table's options, a tournament's settings) as a code and parameters the
 * client formats as `server:error.<code>` in the player's language: zod's own messages are English
 * and never reach a player. The field travels as a `$key` fragment (its label in the lobby or the
 * tournament form), numbers as numbers; a field in milliseconds is said in seconds (whole minutes
 * from ten minutes up), its unit a `$lobby:unit.*` fragment.
 *
 * An engine's own cross-field check (`superRefine`) names its refusal in the issue's `params`:
 * `{ refusal: 'option_deck_too_small', deck: 40, ... }`; a custom issue without one is refused as
 * `option_invalid` (test/i18n/optionRefusals.test.ts fails on those).
 */
import type { ZodError, ZodIssue } from 'zod';
import { keyRef, type MsgParam } from './msg.js';

export interface FieldRefusal { code: string; params: Record<string, MsgParam> }

/** The label key of a field, or null when the form has none for it (the refusal then names no field). */
export type FieldLabel = (field: string) => string | null;

/** The lobby's label of a game's option (client/i18n/locales/<lang>/lobby.json `option.<game>.<name>`). */
export function optionLabel(gameId: string): FieldLabel {
  return (field) => (field === 'variant' ? 'lobby:panel.variant' : `lobby:option.${gameId}.${field}`);
}

const CHOICE = new Set(['invalid_enum_value', 'invalid_literal', 'invalid_union', 'invalid_union_discriminator']);

/** A duration in milliseconds as the lobby shows it. */
function duration(ms: number): { value: number; unit: string } {
  return ms >= 600_000 && ms % 60_000 === 0 ? { value: ms / 60_000, unit: keyRef('lobby:unit.minutes') } : { value: ms / 1000, unit: keyRef('lobby:unit.seconds') };
}

export function issueRefusal(issue: ZodIssue, label: FieldLabel, fallback = 'bad_options'): FieldRefusal {
  const field = typeof issue.path[0] === 'string' ? issue.path[0] : '';
  const labelKey = field ? label(field) : null;
  if (issue.code === 'custom') {
    const { refusal, ...rest } = (issue.params ?? {}) as Record<string, unknown>;
    const params: Record<string, MsgParam> = {};
    for (const [k, v] of Object.entries(rest)) if (typeof v === 'number' || typeof v === 'string') params[k] = v;
    if (labelKey && !('option' in params)) params.option = keyRef(labelKey);
    if (typeof refusal === 'string') return { code: refusal, params };
  }
  if (!labelKey) return { code: fallback, params: {} };
  const option = keyRef(labelKey);
  const isDuration = field.endsWith('Ms');
  if (issue.code === 'too_small' && issue.type === 'number') {
    if (!isDuration) return { code: 'option_too_small', params: { option, min: Number(issue.minimum) } };
    const { value, unit } = duration(Number(issue.minimum));
    return { code: 'option_too_short', params: { option, min: value, unit } };
  }
  if (issue.code === 'too_big' && issue.type === 'number') {
    if (!isDuration) return { code: 'option_too_big', params: { option, max: Number(issue.maximum) } };
    const { value, unit } = duration(Number(issue.maximum));
    return { code: 'option_too_long', params: { option, max: value, unit } };
  }
  if (issue.code === 'invalid_type' && issue.expected === 'integer') return { code: 'option_whole_number', params: { option } };
  if (CHOICE.has(issue.code)) return { code: 'option_choice', params: { option } };
  return { code: 'option_invalid', params: { option } };
}

/** The first issue of a failed parse, as a refusal. */
export function fieldRefusal(error: ZodError, label: FieldLabel, fallback = 'bad_options'): FieldRefusal {
  const issue = error.issues[0];
  return issue ? issueRefusal(issue, label, fallback) : { code: fallback, params: {} };
}
