/**
 * Every refusal of a table's options (and of a tournament's settings) a player can see has a message in
 * English and French: each field of every game's zod schema is given values it refuses (below its
 * minimum, above its maximum, fractions, words, unknown choices) plus the engines' own cross-field
 * checks, and each zod issue must become a `server:error.<code>` whose text and fragments exist in
 * both languages and format with nothing left over — never zod's English. A real server refusing a
 * table creation and a host's change of options over real sockets is read back the way the client does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z, type ZodIssue } from 'zod';
import { catalogue } from '../../shared/games/catalogue.js';
import { issueRefusal, optionLabel, type FieldLabel } from '../../shared/i18n/fieldRefusal.js';
import { msg, type Msg } from '../../shared/i18n/msg.js';
import { createTournamentSchema, tournamentFieldLabel } from '../../server/tournament/service.js';
import { i18n, initI18n } from '../../client/i18n/index.js';
import { formatMsg } from '../../client/i18n/format.js';
import { joinErrorMsg } from '../../client/net/joinErrors.js';
import { bootServer, collect, eventually, ready, type TestServer } from '../support/server.js';

const LANGS = ['en', 'fr'] as const;

function unwrap(type: z.ZodTypeAny): z.ZodTypeAny {
  for (let t = type; ;) {
    if (t instanceof z.ZodDefault || t instanceof z.ZodOptional || t instanceof z.ZodNullable) t = t._def.innerType;
    else if (t instanceof z.ZodEffects) t = t._def.schema;
    else return t;
  }
}

function numberBounds(n: z.ZodNumber): number[] {
  return n._def.checks.flatMap((c) => (c.kind === 'min' ? [c.value - 1] : c.kind === 'max' ? [c.value + 1] : []));
}

/** Values the field's type refuses. */
function badValues(type: z.ZodTypeAny): unknown[] {
  const t = unwrap(type);
  if (t instanceof z.ZodNumber) return [...numberBounds(t), 1.5, 'x'];
  if (t instanceof z.ZodBoolean) return ['x', 3];
  if (t instanceof z.ZodEnum || t instanceof z.ZodUnion || t instanceof z.ZodLiteral) return ['nope', 12345];
  if (t instanceof z.ZodString) return [12345, 'x'.repeat(200), ''];
  if (t instanceof z.ZodArray) {
    const item = unwrap(t._def.type as z.ZodTypeAny);
    return ['x', ['x'], ...(item instanceof z.ZodNumber ? numberBounds(item).map((v) => [v, v, v]) : []), Array.from({ length: 40 }, () => 0)];
  }
  return ['x', -1];
}

/** The engines' cross-field checks (superRefine / refine), which a single bad field never reaches. */
const CROSS_FIELD: Record<string, Record<string, unknown>[]> = {
  rush_hour: [{ players: 5, handSize: 10, maxNumber: 30 }],
  traffic_memory: [{ range: 'custom', from: 10, to: 12 }],
  traffic_tango: [{ phaseMs: 1_000 }],
  bip_bip: [{ players: 4, handSize: 11 }],
};

interface Case { where: string; issue: ZodIssue; label: FieldLabel }

function cases(): Case[] {
  const out: Case[] = [];
  for (const game of catalogue) {
    const schema = game.optionsSchema as unknown as z.ZodTypeAny;
    const shape = (unwrap(schema) as z.ZodObject<z.ZodRawShape>).shape;
    const variant = game.defaultVariant;
    const tries = Object.entries(shape).flatMap(([name, type]) => badValues(type as z.ZodTypeAny).map((v) => ({ [name]: v })));
    for (const options of [...tries, ...(CROSS_FIELD[game.id] ?? [])]) {
      const parsed = schema.safeParse({ variant, ...options });
      if (!parsed.success) for (const issue of parsed.error.issues) out.push({ where: `${game.id} ${JSON.stringify(options)}`, issue, label: optionLabel(game.id) });
    }
  }
  const tournamentShape = createTournamentSchema.shape;
  const base = { name: 'Night', game: 'rush_hour', variant: 'classic', tableSize: 4, startsAt: 0 };
  for (const [name, type] of Object.entries(tournamentShape)) {
    if (!tournamentFieldLabel(name)) continue; // fields only API users set (placementPoints...): refused as bad_request
    for (const v of badValues(type as z.ZodTypeAny)) {
      const parsed = createTournamentSchema.safeParse({ ...base, [name]: v });
      if (!parsed.success) for (const issue of parsed.error.issues) out.push({ where: `tournament ${name}=${JSON.stringify(v).slice(0, 30)}`, issue, label: tournamentFieldLabel });
    }
  }
  return out;
}

/** What is wrong with one refusal's message in one language, or null. */
function problem(m: Msg, lang: string): string | null {
  const [ns, ...path] = m.key.split(':');
  if (i18n.getResource(lang, ns, path.join(':')) === undefined) return `${lang}: no ${m.key}`;
  for (const v of Object.values(m.params ?? {})) {
    if (typeof v !== 'string' || !v.startsWith('$')) continue;
    const [fns, ...fpath] = v.slice(1).split(':');
    if (i18n.getResource(lang, fns, fpath.join(':')) === undefined) return `${lang}: no fragment ${v.slice(1)}`;
  }
  const text = formatMsg(m, { mySeat: null, names: new Map() });
  if (/\{\{|\$|\b(lobby|server|tournament):|undefined|NaN/.test(text)) return `${lang}: "${text}"`;
  return null;
}

beforeAll(async () => { await initI18n('en'); });
afterAll(async () => { await i18n.changeLanguage('en'); });

describe('option refusals speak the player\'s language', () => {
  it('every zod issue of every game\'s options and the tournament form has a message in English and French', async () => {
    const all = cases();
    expect(all.length).toBeGreaterThan(100);
    const codes = new Set<string>();
    const problems: string[] = [];
    for (const lang of LANGS) {
      await i18n.changeLanguage(lang);
      for (const c of all) {
        const r = issueRefusal(c.issue, c.label, 'no_label');
        codes.add(r.code);
        if (c.issue.code === 'custom' && !(c.issue.params && 'refusal' in c.issue.params)) problems.push(`${c.where}: a custom check without params.refusal ("${c.issue.message}")`);
        if (r.code === 'no_label') problems.push(`${c.where}: field ${String(c.issue.path[0])} has no label to name it`);
        const p = problem(msg(`server:error.${r.code}`, r.params), lang);
        if (p) problems.push(`${c.where}: ${r.code} ${p}`);
      }
    }
    expect([...new Set(problems)]).toEqual([]);
    expect([...codes]).toEqual(expect.arrayContaining(['option_too_small', 'option_too_big', 'option_too_short', 'option_too_long',
      'option_whole_number', 'option_choice', 'option_deck_too_small', 'option_range_too_small', 'option_zero_or_at_least']));
  });

  it('a time is said in the unit the lobby shows', () => {
    const issue = (maximum: number): ZodIssue => ({ code: 'too_big', type: 'number', maximum, inclusive: true, path: ['timeLimitMs'], message: '' });
    expect(issueRefusal(issue(3_600_000), optionLabel('railway_madness')).params).toEqual({ option: '$lobby:option.railway_madness.timeLimitMs', max: 60, unit: '$lobby:unit.minutes' });
    expect(issueRefusal(issue(30_000), optionLabel('railway_madness')).params).toMatchObject({ max: 30, unit: '$lobby:unit.seconds' });
  });
});

describe('a real server refuses options with codes the client formats', () => {
  let server: TestServer;
  beforeAll(async () => { server = await bootServer(); });
  afterAll(async () => { await server.stop(); });

  it('a table creation with options out of range, and a host\'s change of options', async () => {
    const seen: Msg[] = [];
    const refusedJoin = async (options: Record<string, unknown>, game = 'rush_hour'): Promise<Msg> => {
      const error = await server.client().create(game, { name: 'Ana', private: true, ...options }).then(() => null, (e: unknown) => e);
      expect(error, JSON.stringify(options)).not.toBeNull();
      const m = joinErrorMsg(error);
      seen.push(m);
      return m;
    };
    expect(await refusedJoin({ deals: 9 })).toEqual({ key: 'server:error.option_too_big', params: { option: '$lobby:option.rush_hour.deals', max: 5 } });
    expect((await refusedJoin({ players: 5, handSize: 10, maxNumber: 30 })).key).toBe('server:error.option_deck_too_small');
    expect((await refusedJoin({ phaseMs: 1_000 }, 'traffic_tango')).params).toMatchObject({ min: 5, unit: '$lobby:unit.seconds' });
    expect((await refusedJoin({ variant: 'nope' })).key).toBe('server:error.option_choice');

    const host = await ready(await server.client().create('traffic_memory', { name: 'Ana', private: true, players: 2 }));
    const errors = collect<{ code: string; key: string; params?: Record<string, string | number> }>(host, 'error');
    host.send('configure', { options: { revealMs: 1.5 } });
    host.send('configure', { options: { range: 'custom', from: 30, to: 31 } });
    await eventually(() => errors.length >= 2, 30_000, 'two refusals');
    expect(errors.map((e) => e.key)).toEqual(['server:error.option_whole_number', 'server:error.option_range_too_small']);
    seen.push(...errors.map((e) => msg(e.key, e.params)));
    await host.leave(true).catch(() => undefined);

    const problems: string[] = [];
    for (const lang of LANGS) {
      await i18n.changeLanguage(lang);
      for (const m of seen) {
        const p = problem(m, lang);
        if (p) problems.push(`${m.key}: ${p}`);
      }
    }
    expect(problems).toEqual([]);

    const res = await fetch(`${server.http}/api/tournaments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Night', game: 'rush_hour', variant: 'classic', tableSize: 40 }) });
    expect(res.status).toBe(400);
    const body = await res.json() as { code: string; params: Record<string, string | number> };
    expect(body).toMatchObject({ code: 'option_too_big', params: { option: '$tournament:form.table_size', max: 16 } });
  }, 90_000);
});
