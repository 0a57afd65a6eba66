/**
 * Every game and every variant the engines offer has its how-to-play text in English and French:
 * title, pitch, first hint, the five rule sections, and a name and "what changes" line per
 * variant (no variant the engine does not know). The screen's own reading of it (howTo) gives
 * each variant all sections, in both languages. Key-for-key parity is test/i18n/locales.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { games } from '../../shared/games/registry.js';
import { HOWTO_GAMES, howTo } from '../../client/howto/content.js';
import { i18n, initI18n, loadGameLocales } from '../../client/i18n/index.js';

const ROOT = join(import.meta.dirname, '../../client/i18n/locales');
const RULE_SECTIONS = ['goal', 'setup', 'turn', 'special', 'end'];
type Rules = { title: string; pitch: string; first_hint: string; sections: Record<string, string[]>; variants: Record<string, Record<string, unknown>> };
const load = (lang: string, game: string): Rules => JSON.parse(readFileSync(join(ROOT, lang, `rules_${game}.json`), 'utf8')) as Rules;

const filled = (v: unknown): boolean => typeof v === 'string' ? v.trim().length > 0 : Array.isArray(v) && v.length > 0 && v.every(filled);

describe('how-to-play text', () => {
  beforeAll(async () => {
    await initI18n('en');
    for (const game of HOWTO_GAMES) await loadGameLocales(game, 'fr');
  });

  it('covers exactly the registered games', () => {
    expect([...HOWTO_GAMES].sort()).toEqual(games.map((g) => g.id).sort());
  });

  for (const game of games) {
    for (const lang of ['en', 'fr']) {
      it(`${game.id} (${lang}): every variant has its rules`, async () => {
        const r = load(lang, game.id);
        expect(filled(r.title) && filled(r.pitch) && filled(r.first_hint)).toBe(true);
        for (const s of RULE_SECTIONS) expect(filled(r.sections[s]), `sections.${s}`).toBe(true);
        expect(Object.keys(r.variants).sort()).toEqual([...game.variants].sort());
        for (const v of game.variants) {
          const own = r.variants[v];
          expect(filled(own.name) && filled(own.about), `variants.${v}`).toBe(true);
          for (const key of Object.keys(own)) expect(['name', 'about', ...RULE_SECTIONS], `variants.${v}.${key}`).toContain(key);
          for (const s of RULE_SECTIONS) if (s in own) expect(filled(own[s]), `variants.${v}.${s}`).toBe(true);
        }

        await i18n.changeLanguage(lang);
        for (const v of game.variants) {
          const page = howTo(game.id as (typeof HOWTO_GAMES)[number], v);
          expect(page.variant).toBe(v);
          expect(page.title).toBe(r.title);
          expect(page.sections.map((s) => s.id).filter((id) => RULE_SECTIONS.includes(id))).toEqual(RULE_SECTIONS);
          expect(page.sections.find((s) => s.id === 'about')?.lines).toEqual([r.variants[v].about]);
          expect(page.variants.map((x) => x.id)).toEqual([...game.variants]);
        }
      });
    }
  }
});
