/**
 * French a player reads (issue 27): every event, summary, refusal and table text is rendered through
 * the client's own `t` twice — with its subject (a seat, a name) being the reader ("vous") and being a
 * named seat — and must never read "Vous doit…", "vous gagne", "Ana gagnez"; numbers use the reader's
 * decimal separator ("8,4 s", never "8.4 s"); places are ordinals with the right French and English
 * forms (1re/1er, 2e; 1st, 2nd, 3rd, 11th).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { i18n, initI18n, t, withManyForms } from '../../client/i18n/index.js';

const ROOT = join(import.meta.dirname, '../../client/i18n/locales');
/** How-to and rules pages address the reader directly: no seat is ever their subject. */
const PROSE = /^(rules_|howto)/;
/** The params that hold a seat's or a player's name (client/i18n/format.ts, the renderers). */
const SUBJECTS = ['seat', 'name', 'who', 'player', 'first', 'leader'];
/**
 * Params that name a seat without being the sentence's actor: the reader may be one of them too
 * ("… brings you back", "Ana swaps hands with you"), and French must then still agree.
 */
const OTHER_SEATS = ['back', 'by', 'target', 'other', 'with', 'candidate', 'claimer', 'taker', 'a', 'b'];
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Key (and subject param) a reader never sees with themself as that subject, and why. */
const NEVER_YOURSELF: Record<string, string> = {
  'bip_bip:error.stale first': 'the refused mover is never the one who took the light first',
  'car_exchange:event.taken seat': 'only the robbed seat reads it, and it names the taker',
  'car_exchange:error.already_back player': 'a New Car brings back another player (own_finish refuses yourself)',
  'car_exchange:error.too_late player': 'a New Car brings back another player (own_finish refuses yourself)',
  'server:notice.race_lost first': 'it goes to the seat that lost the race, and names the winner',
  'server:event.replaced seat': 'the seat that left is no longer at the table',
  'traffic_tango:error.not_tied player': 'the chooser is the winner, never tied for the most gas',
};
/** French verbs in the third person that "vous" can never take (the forms seen in the catalogue, and the usual ones). */
const THIRD_PERSON = new Set(['a', 'est', 'doit', 'gagne', 'retourne', 'choisit', 'choisissent', 'prend', 'pose', 'joue', 'pioche', 'ramasse',
  'peut', 'pourra', 'mène', 'échange', 'passe', 'perd', 'marque', 'annonce', 'veut', 'va', 'fait', 'sort', 'revient', 'reçoit', 'tient',
  'garde', 'dépasse', 'prennent', 'ont', 'sont', 'gagnent', 'doivent', 'jouent', 'continue', 'termine', 'finit', 'vide', 'regarde', 'n’a', "n'a", 'n’est', "n'est"]);

function leaves(tree: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (v && typeof v === 'object' ? leaves(v as Record<string, unknown>, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]]));
}

/** Every non-prose key of a language, once (plural and `_you` forms folded into their base key). */
function sentenceKeys(lang: string): Map<string, string> {
  const out = new Map<string, string>();
  const youForm = new Set<string>();
  for (const file of readdirSync(join(ROOT, lang)).filter((f) => f.endsWith('.json') && !PROSE.test(f))) {
    for (const [key, text] of leaves(JSON.parse(readFileSync(join(ROOT, lang, file), 'utf8')) as Record<string, unknown>)) {
      const base = key.replace(/_ordinal(?=_)/, '').replace(PLURAL, '').replace(/_you$/, '');
      const id = `${file.slice(0, -5)}:${base}`;
      // The third-person form names its subject as a param: it is the one read (a `_you` form listed first names none).
      if (!out.has(id) || (youForm.has(id) && !/_you(_|$)/.test(key))) out.set(id, text);
      if (/_you(_|$)/.test(key) && out.get(id) === text) youForm.add(id); else youForm.delete(id);
    }
  }
  return out;
}

function params(text: string, subject: string | null, value: string): Record<string, unknown> {
  const p: Record<string, unknown> = { count: 2 };
  for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g)) if (name !== 'count') p[name] = name === subject ? value : 'X';
  return p;
}

/** Words after which "vous" starts a clause (its subject): the start, punctuation, or one of these. */
const CLAUSE_START = new Set(['que', 'qu’', "qu'", 'si', 'quand', 'lorsque', 'mais', 'puis', 'car', 'où', 'dont', 'comme']);
/** Pronouns and negation between a subject and its verb ("vous n’en avez", "vous vous êtes"). */
const CLITICS = new Set(['ne', 'en', 'y', 'le', 'la', 'les', 'lui', 'leur', 'vous', 'se', 'me', 'te', 'nous']);
/** "vous" as a subject takes the second person plural: "-ez", or one of the three irregular ones. */
const SECOND_PLURAL = /(ez|^êtes|^faites|^dites)$/;

/**
 * "Vous" as a subject followed by a verb that is not in the second person plural (any verb: "Vous
 * doit", "vous gagne", "vous choisit"), the known third-person forms after "vous" anywhere, or a
 * named seat followed by a second-person or a third-person plural verb ("Ana gagnez", "Bot 3
 * choisissent").
 */
function problems(rendered: string, named: string | null): string[] {
  const found: string[] = [];
  for (const m of rendered.matchAll(/(?:^|[\s:;,(«—-])vous\s+([\p{L}’']+)/giu)) if (THIRD_PERSON.has(m[1].toLowerCase())) found.push(`vous ${m[1]}`);
  const words = [...rendered.matchAll(/[\p{L}’']+|[.:;!?«»()—]/gu)].map((w) => w[0]);
  for (let i = 0; i < words.length; i++) {
    if (words[i].toLowerCase() !== 'vous') continue;
    const before = i === 0 ? '' : words[i - 1].toLowerCase();
    if (i > 0 && !/^[.:;!?«»()—]$/.test(before) && !CLAUSE_START.has(before)) continue; // an object: "à vous", "entre vous et…"
    let j = i + 1;
    const bare = (w: string) => w.toLowerCase().replace(/^[nl][’']/, '');
    while (j < words.length && (CLITICS.has(words[j].toLowerCase()) || (/^[nl][’']$/i.test(words[j])))) j++;
    const verb = words[j];
    // "Vous et Ana avez…": a subject of two, its verb further on.
    if (verb && /^(et|ou)$/i.test(verb)) continue;
    if (verb && /^\p{L}/u.test(verb) && !SECOND_PLURAL.test(bare(verb)) && !found.includes(`vous ${verb}`)) found.push(`vous ${verb}`);
  }
  if (named) {
    for (const m of rendered.matchAll(new RegExp(`${named}\\s+([\\p{L}]+ez)\\b`, 'gu'))) found.push(`${named} ${m[1]}`);
    // One seat, a verb in the plural ("Bot 3 choisissent"; "revient", "tient" are singular); "Ana et Bo ont" is two.
    for (const m of rendered.matchAll(new RegExp(`(^|[^\\p{L}]et\\s+)?${named}\\s+((?:n[’'])?(?:ont|sont|font|vont|[\\p{L}]{2,}[^i]ent))(?![\\p{L}])`, 'gu'))) if (!m[1]?.trim()) found.push(`${named} ${m[2]}`);
  }
  return found;
}

beforeAll(async () => {
  await initI18n('fr');
  for (const lang of ['en', 'fr']) {
    for (const file of readdirSync(join(ROOT, lang)).filter((f) => f.endsWith('.json'))) {
      i18n.addResourceBundle(lang, file.slice(0, -5), withManyForms(JSON.parse(readFileSync(join(ROOT, lang, file), 'utf8'))), true, true);
    }
  }
  await i18n.changeLanguage('fr');
});

describe('French grammar with "vous" and with a named seat', () => {
  it('no sentence reads "Vous" with a third-person verb, nor a name with a second-person one (the reader as actor or as another seat named)', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const [key, text] of sentenceKeys('fr')) {
      for (const subject of [...SUBJECTS, ...OTHER_SEATS].filter((s) => text.includes(`{{${s}}}`) && !NEVER_YOURSELF[`${key} ${s}`])) {
        checked++;
        const asYou = t(key, params(text, subject, t('common:you')));
        const asNamed = t(key, params(text, subject, 'Ana'));
        for (const p of problems(asYou, null)) wrong.push(`${key} (${subject} = vous): "${asYou}" — ${p}`);
        for (const p of problems(asNamed, 'Ana')) wrong.push(`${key} (${subject} = Ana): "${asNamed}" — ${p}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  it('the check catches the mistakes it is for', () => {
    expect(problems('Vous doit poser : encore 3 s', null)).toEqual(['vous doit']);
    expect(problems('Partie terminée : vous gagne', null)).toEqual(['vous gagne']);
    expect(problems('Ana gagnez', 'Ana')).toEqual(['Ana gagnez']);
    expect(problems('Vous devez poser', null)).toEqual([]);
    // Any verb, not only the listed ones: "vous" as a subject takes "-ez".
    expect(problems('Vous retourne une carte', null)).toEqual(['vous retourne']);
    expect(problems('Partie finie : vous dépose le bilan', null)).toEqual(['vous dépose']);
    expect(problems('Vous n’avez plus de cartes', null)).toEqual([]);
    expect(problems('Vous vous êtes débarrassé de vos cartes', null)).toEqual([]);
    expect(problems('À vous de jouer ; victoire partagée entre vous et Ana', null)).toEqual([]);
    expect(problems('Ana choisissent une carte', 'Ana')).toEqual(['Ana choisissent']);
    expect(problems('Ana choisit une carte', 'Ana')).toEqual([]);
    expect(problems('Ana revient dans la manche ; Bo et Ana ont échangé', 'Ana')).toEqual([]);
    // The reader named by a param that is not the actor: "… : vous revient dans la manche".
    expect(problems('Bo a joué une Voiture neuve : vous revient dans la manche', null)).toEqual(['vous revient']);
  });

  it('a table text whose subject is the reader takes its "_you" form', () => {
    expect(t('table_took_over:clock.idle', { name: t('common:you'), s: 3 })).toBe('Vous devez poser : encore 3 s');
    expect(t('table_took_over:clock.idle', { name: 'Ana', s: 3 })).toBe('Ana doit poser : encore 3 s');
    expect(t('common:result.winner', { name: t('common:you') })).toBe('Vous gagnez');
    expect(t('table_traffic_memory:clock.open', { name: t('common:you'), s: 3 })).toBe('Vous retournez une carte — 3 s');
  });
});

describe('numbers and ordinals in the reader\'s language', () => {
  it('decimals take the French separator, whether the renderer passed a number or a toFixed string', () => {
    expect(t('table_took_over:clock.idle', { name: 'Ana', s: 8.4 })).toBe('Ana doit poser : encore 8,4 s');
    expect(t('table_took_over:clock.idle', { name: 'Ana', s: (8.4).toFixed(1) })).toBe('Ana doit poser : encore 8,4 s');
    const decimals: string[] = [];
    for (const [key, text] of sentenceKeys('fr')) {
      const p = params(text, null, '');
      for (const name of Object.keys(p)) if (name !== 'count') p[name] = 8.4;
      const rendered = t(key, p);
      if (/\d\.\d/.test(rendered)) decimals.push(`${key}: ${rendered}`);
    }
    expect(decimals).toEqual([]);
  });

  it('places are ordinals: 1re place, 2e place in French; 1st, 2nd, 3rd, 11th in English', async () => {
    expect([1, 2, 3].map((n) => t('table_traffic_tango:place', { count: n, ordinal: true }))).toEqual(['1re place', '2e place', '3e place']);
    await i18n.changeLanguage('en');
    try {
      expect([1, 2, 3, 4, 11, 22].map((n) => t('table_traffic_tango:place', { count: n, ordinal: true })))
        .toEqual(['1st place', '2nd place', '3rd place', '4th place', '11th place', '22nd place']);
      expect(t('table_took_over:clock.idle', { name: 'Ana', s: 8.4 })).toBe('Ana to place: 8.4 s left');
    } finally {
      await i18n.changeLanguage('fr');
    }
  });

  it('Took Over!\'s line counts agree with their number: 0 and 1 take the singular in French', () => {
    const line = (discarded: number, aside: number) => t('table_took_over:lineInfo', {
      discarded: t('table_took_over:discarded', { count: discarded }), aside: t('table_took_over:aside', { count: aside }),
    });
    expect(line(0, 1)).toBe('La ligne (croissante) · 0 défaussée · 1 mise de côté');
    expect(line(2, 3)).toBe('La ligne (croissante) · 2 défaussées · 3 mises de côté');
  });

  it('gas reads as units in French, never "0 d\'essence"', () => {
    expect(t('table_traffic_tango:gas', { count: 0 })).toBe('0 unité d\'essence');
    expect(t('table_traffic_tango:gas', { count: 17 })).toBe('17 unités d\'essence');
  });
});
