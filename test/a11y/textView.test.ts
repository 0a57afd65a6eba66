/**
 * The text view's per-game modules (client/games/<game>/textView.ts) on a real table of each game
 * (the engine's own setup and views), in English and French: every section has a heading and lines,
 * and no text is a raw key or an unfilled {{placeholder}} (a key missing from `textview` or a game's
 * namespace would show as one).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../shared/games/registry.js';
import { gameTexts } from '../../client/table/textView/games.js';
import { i18n, initI18n, loadGameLocales } from '../../client/i18n/index.js';
import en from '../../client/i18n/locales/en/textview.json';
import fr from '../../client/i18n/locales/fr/textview.json';

beforeAll(async () => {
  await initI18n('en');
  i18n.addResourceBundle('en', 'textview', en, true, true);
  i18n.addResourceBundle('fr', 'textview', fr, true, true);
  for (const g of games) {
    await loadGameLocales(g.id, 'en');
    await loadGameLocales(g.id, 'fr');
  }
});

describe('text view of each game (engine views, EN and FR)', () => {
  for (const game of games) {
    for (const lang of ['en', 'fr'] as const) {
      it(`${game.id} in ${lang}`, async () => {
        await i18n.changeLanguage(lang);
        const options = game.optionsSchema.parse({});
        const state = game.setup(options, options.players, 42, 0);
        const pub = game.publicView(state, 1000);
        const mine = game.seatView(state, 0, 1000);
        const reader = { mySeat: 0, name: (s: number) => (s === 0 ? 'you' : `P${s}`) };
        const text = gameTexts[game.id];
        expect(text, game.id).toBeDefined();
        const sections = text.summary(pub, mine, reader);
        expect(sections.length).toBeGreaterThan(0);
        const all = sections.flatMap((s) => [s.heading, ...s.lines]);
        for (const s of sections) expect(s.lines.length, s.heading).toBeGreaterThan(0);
        if (process.env.TEXTVIEW_PRINT) console.log(game.id, lang, all.slice(0, 6).join(' / '));
        const bad = all.filter((line) => /\{\{|textview:|^[a-z_]+\.[a-z_.]+$|undefined|NaN/.test(line) || line.trim() === '');
        expect(bad).toEqual([]);
      });
    }
  }
});
