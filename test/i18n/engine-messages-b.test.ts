/**
 * Took Over!, Car Exchange, Bip! Bip! and Traffic Tango speak in keys (shared/i18n/msg.ts): seeded
 * bot games, with random (mostly illegal) actions tried along the way, collect every event message,
 * every refusal and the result summary; each must format in English AND French — without falling
 * back to the other language — with no {{placeholder}}, raw key, seat or fragment reference left.
 * A static pass checks every key and refusal code written in the engines' sources.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type i18n as I18n } from 'i18next';
import { bundledResources } from '../../client/i18n/allResources.js';
import { isMsg, paramsFromWire, paramsToWire, type Msg, type MsgParam } from '../../shared/i18n/msg.js';
import { Rng } from '../../shared/random.js';
import type { AnyGame, GameEvent, RuleError } from '../../shared/games/contract.js';
import { botProposals, simulate, type Proposal } from '../../shared/games/testing/simulate.js';
import { tookOverGame } from '../../shared/games/took_over/index.js';
import type { TookOverState } from '../../shared/games/took_over/state.js';
import { carExchangeGame } from '../../shared/games/car_exchange/index.js';
import { CARD_COUNT, COLOURS } from '../../shared/games/car_exchange/cards.js';
import type { CarExchangeState } from '../../shared/games/car_exchange/state.js';
import { bipBipGame } from '../../shared/games/bip_bip/index.js';
import type { BipState } from '../../shared/games/bip_bip/state.js';
import { trafficTangoGame } from '../../shared/games/traffic_tango/index.js';
import { DIRS, LINE_NAMES } from '../../shared/games/traffic_tango/board.js';
import type { TrafficTangoState } from '../../shared/games/traffic_tango/state.js';

const LANGS = ['en', 'fr'] as const;
const ROOT = join(import.meta.dirname, '../..');

/** One i18next instance per language, with no fallback: a key missing in French must show up as missing. */
const strict = new Map<string, I18n>();
beforeAll(async () => {
  const resources = bundledResources();
  for (const lng of LANGS) {
    const i = i18next.createInstance();
    await i.init({
      resources: { [lng]: resources[lng] }, lng, fallbackLng: false, ns: Object.keys(resources[lng]), defaultNS: 'common',
      interpolation: { escapeValue: false }, returnNull: false, showSupportNotice: false,
    });
    strict.set(lng, i);
  }
});

/** formatMsg (client/i18n/format.ts) against one strict instance, reading as `mySeat`. */
function format(i: I18n, m: Msg, mySeat: number | null): string {
  const t = (key: string, opts?: Record<string, unknown>) => String(i.t(key as never, opts as never));
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(m.params ?? {})) {
    if (typeof value === 'number') params[name] = value;
    else if (value.startsWith('@')) params[name] = Number(value.slice(1)) === mySeat ? t('common:you') : `Player${value.slice(1)}`;
    else if (value.startsWith('$')) {
      const fragment = t(value.slice(1));
      if (fragment === value.slice(1)) throw new Error(`fragment ${value} is missing`);
      params[name] = fragment;
    } else params[name] = value;
  }
  const actor = m.params?.seat;
  const isMe = typeof actor === 'string' && actor.startsWith('@') && Number(actor.slice(1)) === mySeat;
  return t(m.key, { ...params, ...(isMe ? { context: 'you' } : {}) });
}

/** Every way this message can be read: by a spectator and by each seat it names. */
function problems(m: Msg, ns: string): string[] {
  const out: string[] = [];
  if (!m.key.startsWith(`${ns}:`)) out.push(`${m.key}: not in the ${ns} namespace`);
  for (const [name, value] of Object.entries(m.params ?? {})) {
    // A player's own words (Car Exchange's talking rule) are the one free text a message carries.
    if (m.key === 'car_exchange:event.say' && name === 'said') continue;
    if (typeof value === 'string' && /[A-Za-z]{3,}/.test(value) && !value.startsWith('$')) {
      out.push(`${m.key}: param ${name}="${value}" looks like words, not a key or a number`);
    }
  }
  // The room sends params through the schema (numbers as '#n'): what the client reads must be the same.
  const wired: Msg = { key: m.key, params: paramsFromWire(paramsToWire(m.params)) };
  if (JSON.stringify(wired.params) !== JSON.stringify(m.params ?? {})) out.push(`${m.key}: params change on the wire`);
  const seats = Object.values(m.params ?? {}).filter((v): v is string => typeof v === 'string' && v.startsWith('@')).map((v) => Number(v.slice(1)));
  for (const lng of LANGS) {
    for (const reader of [null, ...seats]) {
      let text: string;
      try { text = format(strict.get(lng)!, wired, reader); } catch (e) { out.push(`${lng} ${m.key}: ${(e as Error).message}`); continue; }
      if (text === m.key || text.includes(`${ns}:`) || text.endsWith(m.key.split(':')[1])) out.push(`${lng} ${m.key}: missing (reader ${reader})`);
      if (text.includes('{{') || text.includes('}}')) out.push(`${lng} ${m.key}: unfilled placeholder in "${text}"`);
      if (/(^|\s)[@$][\w:.]/.test(text)) out.push(`${lng} ${m.key}: raw reference in "${text}"`);
      if (text.trim() === '') out.push(`${lng} ${m.key}: empty`);
    }
  }
  return out;
}

interface Harvest { events: Msg[]; refusals: Msg[]; summaries: Msg[]; untranslated: string[] }

/** Plays seeded bot games; `probe` invents actions (mostly illegal) that are tried on the way and never kept. */
function harvest<S>(game: AnyGame, games: { options: Record<string, unknown>; seats: number; seed: number }[], done: (s: S) => boolean,
  probe: (s: S, rng: Rng) => { seat: number; action: unknown }): Harvest {
  const h: Harvest = { events: [], refusals: [], summaries: [], untranslated: [] };
  const take = (events: GameEvent[]) => {
    for (const e of events) {
      if (e.text !== undefined) h.untranslated.push(`event ${e.type} still has text`);
      if (!isMsg(e.msg)) h.untranslated.push(`event ${e.type} has no msg`);
      else h.events.push(e.msg);
    }
  };
  const refused = (error: RuleError) => {
    if ('message' in error) h.untranslated.push(`refusal ${error.code} still has a message`);
    h.refusals.push({ key: `${game.id}:error.${error.code}`, ...(error.params ? { params: error.params as Record<string, MsgParam> } : {}) });
  };
  for (const g of games) {
    const rng = new Rng(g.seed);
    const options = game.optionsSchema.parse({ players: g.seats, ...g.options });
    const start = game.setup(options, g.seats, g.seed, 0) as S;
    const seats = Array.from({ length: g.seats }, (_, seat) => seat);
    const bots = botProposals(game.bot, seats, (seat) => ((seat + g.seed) % 2 === 0 ? 'hard' : 'easy'), rng);
    const { state } = simulate<S, unknown>(game, start, {
      propose: (s, now) => bots(s, now) as Proposal<unknown>[],
      done,
      maxSteps: 20_000,
      label: `${game.id} seed ${g.seed}`,
      check: ({ state: s, events, now }) => {
        take(events);
        if (rng.next() < 0.3) {
          const { seat, action } = probe(s, rng);
          const parsed = game.actionSchema.safeParse(action);
          if (!parsed.success) return;
          const r = game.apply(s, seat, parsed.data, now);
          if (r.ok) take(r.events);
          else refused(r.error);
        }
      },
    });
    const result = game.result(state);
    if (!result) throw new Error(`${game.id} seed ${g.seed}: no result`);
    if (!isMsg(result.summary)) h.untranslated.push(`summary is not a Msg: ${String(result.summary)}`);
    else h.summaries.push(result.summary);
    // A finished game refuses everything, in words too.
    for (let k = 0; k < 3; k++) {
      const { seat, action } = probe(state, rng);
      const parsed = game.actionSchema.safeParse(action);
      if (!parsed.success) continue;
      const r = game.apply(state, seat, parsed.data, Number.MAX_SAFE_INTEGER);
      if (!r.ok) refused(r.error);
    }
  }
  return h;
}

function expectAllFormat(ns: string, h: Harvest, minimum: { events: number; refusals: number }): void {
  expect(h.untranslated).toEqual([]);
  const all = [...h.events, ...h.refusals, ...h.summaries];
  const seen = new Map(all.map((m) => [JSON.stringify(m), m]));
  expect([...seen.values()].flatMap((m) => problems(m, ns))).toEqual([]);
  expect(new Set(h.events.map((m) => m.key)).size).toBeGreaterThanOrEqual(minimum.events);
  expect(new Set(h.refusals.map((m) => m.key)).size).toBeGreaterThanOrEqual(minimum.refusals);
  expect(h.summaries.length).toBeGreaterThan(0);
}

const pickSeat = (rng: Rng, seats: number) => rng.int(seats);

describe('engine messages exist in English and French (played games)', () => {
  it('Took Over!', () => {
    const games = [2, 3, 4, 5].flatMap((seats) => [1, 2].map((k) => ({ seats, seed: 7000 + 10 * seats + k, options: k === 2 ? { anyoneCanTakeOver: true, paceMs: 1000, idleMs: 2000 } : {} })));
    const h = harvest<TookOverState>(tookOverGame, games, (s) => s.winner !== null, (s, rng) => {
      const seat = pickSeat(rng, s.seats);
      const hand = s.hands[seat];
      const anyCard = () => (hand.length > 0 && rng.next() < 0.8 ? rng.pick(hand).id : `car-${1 + rng.int(50)}`);
      const r = rng.next();
      if (r < 0.4) return { seat, action: { type: 'place', card: anyCard() } };
      if (r < 0.8) return { seat, action: { type: 'takeOver', cards: rng.next() < 0.2 ? [anyCard(), anyCard()] : [anyCard()] } };
      return { seat, action: { type: 'pass' } };
    });
    expectAllFormat('took_over', h, { events: 6, refusals: 5 });
  }, 120_000);

  it('Car Exchange', () => {
    const games = [2, 3, 4, 6].map((seats, k) => ({ seats, seed: 8100 + k, options: { targetScore: 20, talking: k % 2 === 1, playDrawn: k >= 2, serviceStack: k === 3 } }));
    const h = harvest<CarExchangeState>(carExchangeGame, games, (s) => s.phase === 'over', (s, rng) => {
      const seat = pickSeat(rng, s.seats);
      const hand = s.hands[seat];
      const card = () => (hand.length > 0 && rng.next() < 0.8 ? rng.pick(hand) : rng.int(CARD_COUNT));
      const other = () => rng.int(s.seats);
      const colour = rng.pick(COLOURS);
      const actions = [
        { type: 'play', card: card() }, { type: 'fine', card: card(), target: other() }, { type: 'paint', card: card(), colour },
        { type: 'garage', card: card(), cars: [card(), card()] }, { type: 'garage', cars: [card()] },
        { type: 'exchange', card: card(), mode: rng.pick(['swap', 'bottom', 'fly']), target: other() },
        { type: 'block', card: card() }, { type: 'newCar', card: card(), back: other() }, { type: 'newCar', card: card() },
        { type: 'draw' }, { type: 'accept' }, { type: 'pass' }, { type: 'colour', colour }, { type: 'say', text: '@0 says #1' },
      ];
      return { seat, action: rng.pick(actions) };
    });
    expectAllFormat('car_exchange', h, { events: 8, refusals: 8 });
  }, 240_000);

  it('Bip! Bip!', () => {
    const games = [
      { seats: 2, seed: 9001, options: {} }, { seats: 3, seed: 9002, options: { variant: 'three_rounds', leaderChooses: true } },
      { seats: 4, seed: 9003, options: { hiddenHands: true } }, { seats: 2, seed: 9004, options: { manualReferee: true } },
    ];
    const h = harvest<BipState>(bipBipGame, games, (s) => bipBipGame.result(s) !== null, (s, rng) => {
      const seat = pickSeat(rng, s.seats);
      const hand = s.hands[seat];
      const card = () => (hand.length > 0 && rng.next() < 0.8 ? rng.pick(hand) : rng.int(60));
      const actions = [
        { type: 'move', from: rng.int(16), to: rng.int(16), seen: rng.next() < 0.3 ? s.boardVersion - 1 : undefined },
        { type: 'claim', card: card(), seen: rng.next() < 0.3 ? Math.max(0, s.boardVersion - 1) : undefined },
        { type: 'challenge', card: rng.int(60) }, { type: 'swap', cards: [card(), card()] },
      ];
      return { seat, action: rng.pick(actions) };
    });
    expectAllFormat('bip_bip', h, { events: 5, refusals: 5 });
  }, 240_000);

  it('Traffic Tango', () => {
    const games = [1, 2, 3, 4].map((k) => ({ seats: 4, seed: 9500 + k, options: k === 2 ? { noRoute: 'cheapest' } : {} }));
    const h = harvest<TrafficTangoState>(trafficTangoGame, games, (s) => s.phase === 'over', (s, rng) => {
      const seat = pickSeat(rng, s.seats);
      const tile = () => `${'ABCDE'[rng.int(5)]}${1 + rng.int(5)}`;
      const sign = () => {
        const kind = rng.pick(['oneWay', 'yield', 'roundabout', 'toll', 'stop', 'speed'] as const);
        if (kind === 'speed') return { kind, line: rng.pick(LINE_NAMES) };
        if (kind === 'oneWay') return { kind, tile: tile(), dir: rng.pick(DIRS) };
        return { kind, tile: tile() };
      };
      const actions = [
        { type: 'signs', signs: Array.from({ length: rng.int(3) }, sign) },
        { type: 'route', tiles: Array.from({ length: 2 + rng.int(8) }, tile), skips: rng.next() < 0.3 ? [1] : undefined },
        { type: 'eliminate', seat: rng.int(4) },
      ];
      return { seat, action: rng.pick(actions) };
    });
    expectAllFormat('traffic_tango', h, { events: 6, refusals: 5 });
  }, 240_000);
});

describe('keys written in the engines exist in English and French', () => {
  const GAMES = ['took_over', 'car_exchange', 'bip_bip', 'traffic_tango'];
  const SUFFIX = /(_you)?(_(zero|one|two|few|many|other))?$/;

  function keysOf(lng: string, ns: string): Set<string> {
    const flat = new Set<string>();
    const walk = (tree: Record<string, unknown>, prefix: string) => {
      for (const [k, v] of Object.entries(tree)) {
        const path = prefix ? `${prefix}.${k}` : k;
        if (v && typeof v === 'object') walk(v as Record<string, unknown>, path);
        else {
          flat.add(path);
          flat.add(path.replace(SUFFIX, ''));
        }
      }
    };
    walk(JSON.parse(readFileSync(join(ROOT, 'client/i18n/locales', lng, `${ns}.json`), 'utf8')) as Record<string, unknown>, '');
    return flat;
  }

  for (const ns of GAMES) {
    it(ns, () => {
      const dir = join(ROOT, 'shared/games', ns);
      const source = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'testing.ts' && f !== 'fixtures.ts')
        .map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
      // Keys in code (comments name key patterns such as `ns:card.*`, which end in '.' or '_').
      const literal = [...source.matchAll(new RegExp(`['\`]${ns}:([\\w.]+)(\\$\\{)?`, 'g'))].filter((m) => m[2] || !/[._]$/.test(m[1]));
      // Refusal codes: ruleError('x'), err('x'), no('x'), refuse({ code: 'x' }), code: cond ? 'x' : 'y'.
      const codes = [...source.matchAll(/(?:ruleError|err|no)\(\s*'([a-z_]+)'|code: (?:[^,}'?]*\? )?'([a-z_]+)'(?: : '([a-z_]+)')?/g)]
        .flatMap((m) => m.slice(1).filter(Boolean));
      // Bip! Bip!'s move problems are refusal codes as they are (rules.ts: ruleError(problem)).
      for (const m of source.matchAll(/type MoveProblem = ([^;]+);/g)) codes.push(...[...m[1].matchAll(/'([a-z_]+)'/g)].map((x) => x[1]));
      expect(literal.length).toBeGreaterThan(5);
      for (const lng of LANGS) {
        const keys = keysOf(lng, ns);
        const missing = literal.filter((m) => (m[2] ? ![...keys].some((k) => k.startsWith(m[1])) : !keys.has(m[1]))).map((m) => m[1]);
        const missingCodes = [...new Set(codes)].filter((c) => !keys.has(`error.${c}`));
        expect({ lng, missing, missingCodes }).toEqual({ lng, missing: [], missingCodes: [] });
      }
    });
  }
});
