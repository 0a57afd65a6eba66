import { describe, expect, it } from 'vitest';
import { checkName, displayName } from './names.js';

describe('display names', () => {
  it('accepts letters of any script, digits, single spaces and a few separators', () => {
    for (const name of ['Ana', 'José María', "O'Neil", 'Zoë-2', 'Łukasz', '山田', 'Ана', 'x.y_z']) {
      expect(checkName(name)).toEqual({ ok: true, name });
    }
    expect(checkName('  Ana  ')).toEqual({ ok: true, name: 'Ana' });
    // NFD input is stored composed, so two spellings of one name are one name.
    expect(checkName('Zoe\u0308')).toEqual({ ok: true, name: 'Zoë' });
  });

  it('refuses control, bidi and zero-width characters, double spaces and symbols', () => {
    for (const name of ['Ana\u0000', 'Ana\n', '\u202Eana', 'An\u200Ba', 'A\u2066na', 'Ana\uFEFF', 'Ana  Bo', 'Ana<b>', '-Ana', '', '   ', 'Ana#1234']) {
      expect(checkName(name).ok, JSON.stringify(name)).toBe(false);
    }
    expect(checkName(42).ok).toBe(false);
    expect(checkName('a'.repeat(21)).ok).toBe(false);
  });

  it('refuses names that imitate a bot seat', () => {
    for (const name of ['Bot 3', 'bot', 'BOT', 'Ana (bot)', 'Star ★']) expect(checkName(name).ok, name).toBe(false);
    expect(checkName('Botanist').ok).toBe(true);
    expect(checkName('Robot').ok).toBe(true);
  });

  it('shows the tag after the name', () => {
    expect(displayName({ name: 'Ana', tag: '0042' })).toBe('Ana#0042');
  });
});
