/**
 * Colour is never the only cue (issue 30), on the pieces' declared colours (client/games/colourCues.ts):
 * simulated for protanopia, deuteranopia and tritanopia, any two pieces of a game that a colour-blind
 * player could confuse (ΔE under CONFUSABLE) carry different marks, in English and in French. In
 * fact every two differ by a mark; the simulation shows the marks are needed (red and green cars
 * collapse under deuteranopia).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { colourCues, marksOf } from '../../client/games/colourCues.js';
import { CONFUSABLE, DEFICIENCIES, deltaE, rgbOf, simulate } from '../../client/a11y/colourVision.js';

const LOCALES = join(import.meta.dirname, '../../client/i18n/locales');

function letterIn(lang: string): (key: string) => string {
  return (key) => {
    const [ns, path] = key.split(':');
    let node: unknown = JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8'));
    for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
    if (typeof node !== 'string') throw new Error(`no text for ${key} in ${lang}`);
    return node;
  };
}

describe('colour is never the only cue (declared piece colours)', () => {
  it('the simulation finds the classic confusions (it is not a no-op)', () => {
    const red = rgbOf(0xd64545);
    const green = rgbOf(0x3fa35b);
    expect(deltaE(red, green)).toBeGreaterThan(50);
    expect(deltaE(simulate(red, 'deuteranopia'), simulate(green, 'deuteranopia'))).toBeLessThan(CONFUSABLE);
  });

  for (const [game, pieces] of Object.entries(colourCues)) {
    it(`${game}: pieces a colour-blind player may confuse differ by a mark, in EN and FR`, () => {
      const problems: string[] = [];
      for (const lang of ['en', 'fr']) {
        const letter = letterIn(lang);
        for (let i = 0; i < pieces.length; i++) {
          for (let j = i + 1; j < pieces.length; j++) {
            const [a, b] = [pieces[i], pieces[j]];
            const sameMark = marksOf(a, letter) === marksOf(b, letter);
            const confused = DEFICIENCIES.filter((d) => deltaE(simulate(rgbOf(a.colour), d), simulate(rgbOf(b.colour), d)) < CONFUSABLE);
            if (sameMark) problems.push(`${lang}: ${a.piece} / ${b.piece} differ only by colour${confused.length ? ` (confused under ${confused.join(', ')})` : ''}`);
          }
        }
        for (const p of pieces) expect(marksOf(p, letter).replace(/\|/g, ''), `${game} ${p.piece} has a mark`).not.toBe('');
      }
      expect(problems).toEqual([]);
    });
  }
});
