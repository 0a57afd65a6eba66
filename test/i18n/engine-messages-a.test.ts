/**
 * Railway Madness, Rush Hour and Traffic-Memory speak in keys: seeded bot games (with sleepy seats so
 * the clocks play too) and deliberately illegal actions collect every event message, refusal and
 * summary; each key must exist in English and French and format, for every reader, into a sentence
 * with no {{placeholder}}, raw key or seat reference left. A static pass checks the keys written in
 * the engines' source.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Rng } from '../../shared/random.js';
import { isMsg, type Msg } from '../../shared/i18n/msg.js';
import type { AnyGame, GameEvent, RuleError } from '../../shared/games/contract.js';
import { simulate, type Proposal } from '../../shared/games/testing/simulate.js';
import { railwayMadnessGame } from '../../shared/games/railway/index.js';
import { rushHourGame } from '../../shared/games/rush_hour/index.js';
import { trafficMemoryGame } from '../../shared/games/traffic_memory/index.js';
import { i18n, initI18n } from '../../client/i18n/index.js';
import { formatMsg } from '../../client/i18n/format.js';

const ROOT = join(import.meta.dirname, '../../client/i18n/locales');
const LANGS = ['en', 'fr'] as const;
const GAMES = ['railway_madness', 'rush_hour', 'traffic_memory'] as const;
const SOURCES: Record<(typeof GAMES)[number], string> = { railway_madness: 'railway', rush_hour: 'rush_hour', traffic_memory: 'traffic_memory' };

function flatten(tree: Record<string, unknown>, prefix: string, out: Set<string>): Set<string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}.${key}`;
    if (value && typeof value === 'object') flatten(value as Record<string, unknown>, path, out);
    else out.add(path.slice(1));
  }
  return out;
}

/** lang → every `namespace:path` key in that language's files. */
const keys = new Map(LANGS.map((lang) => [lang, new Set(readdirSync(join(ROOT, lang)).filter((f) => f.endsWith('.json')).flatMap((f) =>
  [...flatten(JSON.parse(readFileSync(join(ROOT, lang, f), 'utf8')) as Record<string, unknown>, '', new Set())].map((k) => `${f.slice(0, -5)}:${k}`)))]));

/** A key exists as written or in its plural forms (one and other). */
function exists(lang: string, key: string): boolean {
  const all = keys.get(lang as (typeof LANGS)[number])!;
  return all.has(key) || (all.has(`${key}_one`) && all.has(`${key}_other`));
}

/** Problems with one message: missing keys (its own or a fragment's) in either language. */
function missing(m: Msg): string[] {
  const refs = [m.key, ...Object.values(m.params ?? {}).flatMap((v) => (typeof v === 'string' && v.startsWith('$') ? [v.slice(1)] : []))];
  return LANGS.flatMap((lang) => refs.filter((k) => !exists(lang, k)).map((k) => `${lang}: ${k}`));
}

/** Formats for a spectator and for every seat the message names; returns the bad outputs. */
function badFormats(m: Msg, seats: number): string[] {
  const names = new Map(Array.from({ length: seats }, (_, s) => [s, `Player${s}`]));
  const named = Object.values(m.params ?? {}).flatMap((v) => (typeof v === 'string' && v.startsWith('@') ? [Number(v.slice(1))] : []));
  // A spectator, every seat the message names (each may read it as "you"), and one seat it does not name.
  const readers = [null, ...new Set([...named, seats - 1 - (named[0] === seats - 1 ? 1 : 0)])];
  const bad: string[] = [];
  for (const mySeat of readers) {
    const text = formatMsg(m, { mySeat, names });
    if (text.includes('{{') || text === m.key || /\b(railway_madness|rush_hour|traffic_memory|common):/.test(text) || /(^|\s)[@$]/.test(text) || text.includes('undefined')) {
      bad.push(`${i18n.language} reader ${mySeat}: ${m.key} → "${text}"`);
    }
  }
  return bad;
}

interface Collected { msgs: Msg[]; codes: Set<string>; leftovers: string[] }

function collector(): Collected & { events(es: GameEvent[]): void; refusal(gameId: string, e: RuleError): void; summary(s: unknown): void } {
  const c: Collected = { msgs: [], codes: new Set(), leftovers: [] };
  const seen = new Set<string>();
  const add = (m: Msg) => {
    const id = JSON.stringify(m);
    if (!seen.has(id)) { seen.add(id); c.msgs.push(m); }
  };
  return {
    ...c,
    events(es) {
      for (const e of es) {
        if ('text' in e) c.leftovers.push(`event ${e.type} still has text`);
        if (!isMsg(e.msg)) c.leftovers.push(`event ${e.type} has no msg`);
        else add(e.msg);
      }
    },
    refusal(gameId, e) {
      if ('message' in e) c.leftovers.push(`refusal ${e.code} still has a message`);
      c.codes.add(e.code);
      add({ key: `${gameId}:error.${e.code}`, ...(e.params ? { params: e.params } : {}) });
    },
    summary(s) {
      if (!isMsg(s)) c.leftovers.push(`summary is not a Msg: ${JSON.stringify(s)}`);
      else add(s);
    },
  };
}

type Collector = ReturnType<typeof collector>;

/**
 * Plays one game: the engine's bots, some seats asleep now and then (the clocks then play for them),
 * and every few steps a handful of random actions (most of them illegal) tried on the current state.
 */
function play(game: AnyGame, options: Record<string, unknown>, seed: number, randomActions: (rng: Rng) => unknown[], c: Collector): void {
  const rng = new Rng(seed);
  const o = game.optionsSchema.parse(options);
  const start = game.setup(o, o.players, seed, 0);
  const seats = Array.from({ length: o.players }, (_, s) => s);
  const probe = (s: unknown, now: number) => {
    for (const seat of [...seats, o.players]) {
      for (const raw of randomActions(rng)) {
        const parsed = game.actionSchema.safeParse(raw);
        if (!parsed.success) continue;
        const r = game.apply(s, seat, parsed.data, now);
        if (!r.ok) c.refusal(game.id, r.error);
      }
    }
  };
  const { state, now } = simulate<unknown, unknown>(game, start, {
    propose: (s, now) => {
      const out: Proposal<unknown>[] = [];
      for (const seat of seats) {
        if (rng.next() < 0.25) continue;
        const move = game.bot(s, seat, rng.next() < 0.5 ? 'easy' : 'hard', rng.state, now);
        if (move) out.push({ seat, action: move.action, delayMs: move.delayMs });
      }
      rng.next();
      return out;
    },
    done: (s) => game.result(s) !== null,
    maxSteps: 5000,
    label: `${game.id} seed ${seed}`,
    check: ({ state: s, events, now, step }) => {
      c.events(events);
      if (step % 11 === 0) probe(s, now);
    },
  });
  const result = game.result(state);
  expect(result, `${game.id} seed ${seed} ended`).not.toBeNull();
  c.summary(result!.summary);
  probe(state, now);
}

/** Each game's seeded tables: options and how many seeds of each. */
const RUNS: Record<(typeof GAMES)[number], { seats: number; collect(c: Collector): void }> = {
  railway_madness: {
    seats: 6,
    collect(c) {
      const actions = (rng: Rng) => [
        { type: 'flip', slot: rng.int(54) }, { type: 'take', slot: rng.int(54) }, { type: 'take' }, { type: 'release' },
        { type: 'stop' }, { type: 'turn' }, { type: 'place', train: rng.int(5) }, { type: 'bottom' },
      ];
      const variants: [string, number, Record<string, unknown>][] = [
        ['training', 3, {}], ['classic', 4, { assist: true }], ['juniors', 2, {}], ['express', 6, { assist: true, timeLimitMs: 30_000 }],
        ['longest_train', 2, {}], ['longest_train', 2, { assist: true }],
      ];
      variants.forEach(([variant, players, extra], i) => {
        for (let seed = 1; seed <= 2; seed++) play(railwayMadnessGame, { variant, players, ...extra }, seed * 101 + i, actions, c);
      });
    },
  },
  rush_hour: {
    seats: 5,
    collect(c) {
      const actions = (rng: Rng) => [{ type: 'pick', card: rng.int(74) }, { type: 'row', row: rng.int(3) }];
      const tables: Record<string, unknown>[] = [
        { players: 2 }, { players: 4, deals: 2 }, { players: 5, rows: 2, trailerPoints: 2 }, { players: 3, variant: 'kids' },
        { players: 3, noTooSmallPenalty: true, noHeavyJam: true }, { players: 4, trailerNumbers: 'high' },
      ];
      tables.forEach((t, i) => {
        for (let seed = 1; seed <= 2; seed++) play(rushHourGame, t, seed * 211 + i, actions, c);
      });
    },
  },
  traffic_memory: {
    seats: 5,
    collect(c) {
      const actions = (rng: Rng) => [{ type: 'open', pos: rng.int(64) }, { type: 'open', pos: rng.int(8) }];
      const tables: Record<string, unknown>[] = [
        { players: 2, range: '1-12' }, { players: 3, wilds: true, range: '1-30' }, { players: 5, wilds: true, range: '1-50', revealMs: 0 },
        { players: 2, range: 'custom', from: 20, to: 27, flipMs: 3000 },
      ];
      tables.forEach((t, i) => {
        for (let seed = 1; seed <= 3; seed++) play(trafficMemoryGame, t, seed * 307 + i, actions, c);
      });
    },
  },
};

beforeAll(async () => { await initI18n('en'); });

describe.each(GAMES)('%s messages', (gameId) => {
  let collected: { c: Collector; seats: number };
  const get = () => collected;
  beforeAll(() => {
    const c = collector();
    RUNS[gameId].collect(c);
    collected = { c, seats: RUNS[gameId].seats };
  }, 300_000);

  it('events carry a msg and no text, refusals no message, the summary is a Msg', () => {
    expect(get().c.leftovers).toEqual([]);
    expect(get().c.msgs.length).toBeGreaterThan(20);
  });

  it('every key and fragment collected exists in English and French', () => {
    expect([...new Set(get().c.msgs.flatMap(missing))]).toEqual([]);
    expect([...new Set(get().c.msgs.map((m) => m.key.replace(/\.[^.]*$/, '')))].sort()).toEqual(expect.arrayContaining([`${gameId}:error`, `${gameId}:event`, `${gameId}:summary`]));
  });

  it('formats in both languages, for every reader, with nothing left unformatted', async () => {
    const bad: string[] = [];
    if (process.env.SHOW_MESSAGES) {
      for (const lang of LANGS) {
        await i18n.changeLanguage(lang);
        const byKey = new Map(get().c.msgs.map((m) => [m.key, m]));
        for (const m of byKey.values()) console.log(`${lang} ${m.key}: ${formatMsg(m, { mySeat: null, names: new Map([[0, 'Ana'], [1, 'Bo'], [2, 'Cy'], [3, 'Di'], [4, 'Ed'], [5, 'Flo']]) })} | ${formatMsg(m, { mySeat: 0, names: new Map() })}`);
      }
    }
    // Up to 25 variants of each key (different seats, cards, counts) keep this quick.
    const perKey = new Map<string, Msg[]>();
    for (const m of get().c.msgs) {
      const list = perKey.get(m.key) ?? [];
      if (list.length < 25) perKey.set(m.key, [...list, m]);
    }
    for (const lang of LANGS) {
      await i18n.changeLanguage(lang);
      for (const m of [...perKey.values()].flat()) bad.push(...badFormats(m, get().seats));
    }
    await i18n.changeLanguage('en');
    expect(bad).toEqual([]);
  });

  it('every key written in the engine source exists in English and French', () => {
    const dir = join(import.meta.dirname, '../../shared/games', SOURCES[gameId]);
    const source = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'testing.ts')
      .map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
    const literal = [...source.matchAll(new RegExp(`'(${gameId}:[a-z_.]+)'`, 'g'))].map((m) => m[1]);
    const codes = [
      ...[...source.matchAll(/ruleError\('([a-z_]+)'/g)].map((m) => m[1]),
      ...[...source.matchAll(/\{ code: '([a-z_]+)'/g)].map((m) => m[1]),
    ].map((code) => `${gameId}:error.${code}`);
    expect(literal.length + codes.length).toBeGreaterThan(10);
    const absent = LANGS.flatMap((lang) => [...literal, ...codes].filter((k) => !exists(lang, k)).map((k) => `${lang}: ${k}`));
    expect(absent).toEqual([]);
  });
});
