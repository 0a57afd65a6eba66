/**
 * Every refusal code a game's engine can send is listed in that game's rules page
 * (docs/rules/<game>.md, section "Refusals": a table of code, parameters and rule), and nothing is
 * listed that the engine cannot send. The codes an engine can send are read from its source (the
 * literal codes handed to ruleError / err / refuse / no, `code:` fields, either side of a
 * conditional, and the string unions of the `…Problem` types some engines return) together with
 * its `error.*` messages (test/i18n checks that every code sent has one).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { games } from '../../shared/games/registry.js';

const ROOT = join(import.meta.dirname, '../..');
/** Game id → its engine's folder in shared/games. */
const FOLDER: Record<string, string> = { railway_madness: 'railway' };

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

const CODE = `'([a-z][a-z0-9_]*)'`;
const PATTERNS = [
  new RegExp(`\\b(?:ruleError|err|refuse|no)\\(\\s*(?:\\{\\s*code:\\s*)?${CODE}`, 'g'),
  new RegExp(`\\bcode:\\s*${CODE}`, 'g'),
  new RegExp(`\\bcode:\\s*[\\w.?! ]+\\?\\s*${CODE}\\s*:\\s*${CODE}`, 'g'),
];

/** The codes written in an engine's source. */
function sourceCodes(game: string): Set<string> {
  const found = new Set<string>();
  for (const file of sources(join(ROOT, 'shared/games', FOLDER[game] ?? game))) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of PATTERNS) for (const m of text.matchAll(pattern)) for (const code of m.slice(1)) if (code) found.add(code);
    for (const m of text.matchAll(/export type \w*Problem = ([^;]+);/g)) for (const c of m[1].matchAll(/'([a-z][a-z0-9_]*)'/g)) found.add(c[1]);
  }
  return found;
}

/** The codes with an English `error.*` message (plural and `_you` forms folded). */
function messageCodes(game: string): Set<string> {
  const tree = JSON.parse(readFileSync(join(ROOT, 'client/i18n/locales/en', `${game}.json`), 'utf8')) as { error?: Record<string, string> };
  return new Set(Object.keys(tree.error ?? {}).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '').replace(/_you$/, '')));
}

/** The codes listed in the "Refusals" table of the game's rules page. */
function documentedCodes(game: string): Set<string> {
  const page = readFileSync(join(ROOT, 'docs/rules', `${game}.md`), 'utf8');
  const section = page.split(/^## Refusals$/m)[1]?.split(/^## /m)[0] ?? '';
  return new Set([...section.matchAll(/^\| `([a-z][a-z0-9_]*)` \|/gm)].map((m) => m[1]));
}

describe('refusal codes are documented per game', () => {
  for (const game of games.map((g) => g.id)) {
    it(`${game}: docs/rules/${game}.md lists exactly the codes the engine can send`, () => {
      const sent = new Set([...sourceCodes(game), ...messageCodes(game)]);
      const listed = documentedCodes(game);
      expect([...sent].filter((c) => !listed.has(c)).sort(), 'sent but not documented').toEqual([]);
      expect([...listed].filter((c) => !sent.has(c)).sort(), 'documented but never sent').toEqual([]);
    });
  }

  it('the source scan finds the codes (it reads the engines, not only the messages)', () => {
    expect(sourceCodes('traffic_tango').has('route_gap')).toBe(true);
    expect(sourceCodes('bip_bip').has('not_adjacent')).toBe(true);
    expect(sourceCodes('car_exchange').has('too_late')).toBe(true);
    expect(games.reduce((n, g) => n + sourceCodes(g.id).size, 0)).toBeGreaterThan(100);
  });
});
