/**
 * Every string a player reads exists in English and French: the same namespaces, the same keys
 * (plural forms aside), no empty text, and the same {{placeholders}} on both sides.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../../client/i18n/locales');
const LANGS = ['en', 'fr'];
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) for (const [k, v] of flatten(value as Record<string, unknown>, path)) out.set(k, v);
    else out.set(path, Array.isArray(value) ? value.join('\n') : String(value));
  }
  return out;
}

function load(lang: string): Map<string, Map<string, string>> {
  const namespaces = new Map<string, Map<string, string>>();
  for (const file of readdirSync(join(ROOT, lang)).filter((f) => f.endsWith('.json'))) {
    namespaces.set(file.slice(0, -5), flatten(JSON.parse(readFileSync(join(ROOT, lang, file), 'utf8')) as Record<string, unknown>));
  }
  return namespaces;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const baseKeys = (keys: Iterable<string>) => new Set([...keys].map((k) => k.replace(PLURAL, '')));

describe('locale files', () => {
  const byLang = new Map(LANGS.map((l) => [l, load(l)]));

  it('English and French have the same namespaces', () => {
    expect([...byLang.get('fr')!.keys()].sort()).toEqual([...byLang.get('en')!.keys()].sort());
  });

  for (const ns of byLang.get('en')!.keys()) {
    it(`${ns}: every key exists in both languages`, () => {
      const en = byLang.get('en')!.get(ns)!;
      const fr = byLang.get('fr')!.get(ns) ?? new Map<string, string>();
      const missingInFr = [...baseKeys(en.keys())].filter((k) => !baseKeys(fr.keys()).has(k));
      const missingInEn = [...baseKeys(fr.keys())].filter((k) => !baseKeys(en.keys()).has(k));
      expect({ missingInFr, missingInEn }).toEqual({ missingInFr: [], missingInEn: [] });
    });

    it(`${ns}: no empty text, the same placeholders on both sides`, () => {
      const en = byLang.get('en')!.get(ns)!;
      const fr = byLang.get('fr')!.get(ns) ?? new Map<string, string>();
      const problems: string[] = [];
      for (const [lang, table] of [['en', en], ['fr', fr]] as const) {
        for (const [key, text] of table) if (text.trim() === '') problems.push(`${lang}:${ns}:${key} is empty`);
      }
      const frByBase = new Map([...fr].map(([k, v]) => [k.replace(PLURAL, ''), v]));
      for (const [key, text] of en) {
        const other = frByBase.get(key.replace(PLURAL, ''));
        if (other === undefined) continue;
        // Plural forms may drop {{count}} ("une voiture"); every other placeholder must survive.
        const want = placeholders(text).filter((p) => p !== 'count').join(',');
        const got = placeholders(other).filter((p) => p !== 'count').join(',');
        if (want !== got && !PLURAL.test(key)) problems.push(`${ns}:${key} en {${want}} fr {${got}}`);
      }
      expect(problems).toEqual([]);
    });
  }
});
