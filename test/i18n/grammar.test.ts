/**
 * Sentences whose subject is the acting seat (`{{seat}} takes…`) read "You take…", never "You takes…":
 * a message names its actor as `seat` and the client asks for the key's `_you` form when the reader
 * is that seat (client/i18n/format.ts). Every such English sentence must have that form in both
 * languages, except the few a seat can never read about itself (listed with the reason).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../../client/i18n/locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Keys a seat never reads with itself as `seat`. */
const NEVER_YOURSELF: Record<string, string> = {
  'car_exchange:event.taken': 'only the robbed seat reads it, and it names the taker',
  'server:event.replaced': 'the seat that left is no longer at the table',
};

function leaves(tree: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (v && typeof v === 'object' ? leaves(v as Record<string, unknown>, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]]));
}

function catalogue(lang: string): Map<string, string> {
  return new Map(readdirSync(join(ROOT, lang)).filter((f) => f.endsWith('.json'))
    .flatMap((f) => leaves(JSON.parse(readFileSync(join(ROOT, lang, f), 'utf8')) as Record<string, unknown>).map(([k, v]) => [`${f.slice(0, -5)}:${k}`, v] as [string, string])));
}

describe('the acting seat reads its own sentences in the second person', () => {
  const en = catalogue('en');
  const fr = catalogue('fr');

  it('every "{{seat}} does…" sentence has a _you form in English and French', () => {
    const missing: string[] = [];
    for (const [key, text] of en) {
      if (!/^\{\{seat\}\}(?!'s)\s/.test(text)) continue;
      const base = key.replace(PLURAL, '');
      if (base.endsWith('_you') || NEVER_YOURSELF[base]) continue;
      const plural = key.slice(base.length);
      for (const [lang, keys] of [['en', en], ['fr', fr]] as const) {
        if (!keys.has(`${base}_you${plural}`)) missing.push(`${lang}: ${base}_you${plural} (for "${text}")`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the sentences checked are many (the scan reads the catalogues)', () => {
    expect([...en.values()].filter((v) => /^\{\{seat\}\}\s/.test(v)).length).toBeGreaterThan(20);
  });
});
