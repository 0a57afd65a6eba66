/**
 * The how-to pages and the lobby call the kids' options by one word (issue 27: the how-to said
 * "Options enfants" where the lobby says "Enfants"). Other variants' how-to names are full titles
 * ("Railway Express") and stay so.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';

const read = (lang: string, file: string) => JSON.parse(readFileSync(`client/i18n/locales/${lang}/${file}.json`, 'utf8'));

describe('variant names', () => {
  it.each(['en', 'fr'])('%s: the how-to names the kids\' variant as the lobby does', (lang) => {
    const lobby = read(lang, 'lobby').variant as Record<string, Record<string, string>>;
    const differ: string[] = [];
    for (const [game, variants] of Object.entries(lobby)) {
      if (!existsSync(`client/i18n/locales/${lang}/rules_${game}.json`)) continue;
      const howto = (read(lang, `rules_${game}`).variants ?? {}) as Record<string, { name?: string }>;
      for (const [variant, name] of Object.entries(variants).filter(([v]) => v === 'kids')) {
        const there = howto[variant]?.name;
        if (there !== undefined && there !== name) differ.push(`${game}/${variant}: how-to "${there}", lobby "${name}"`);
      }
    }
    expect(differ).toEqual([]);
  });
});
