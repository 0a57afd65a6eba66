/**
 * How to play, in real Chromium: every game's rules screen opens in English and in French with its
 * heading, sections and pictures; the variant switcher shows each variant's own text; Back and
 * Escape return to the lobby; at 390×844, 844×390 and 1280×800 no text leaves the viewport, no
 * text or picture overlaps another and every button is a 44 px tap target. The table overlay opens
 * above a scene and closes; the first-time hint comes once per game.
 * Screenshots: test-results/howto-<game>-<lang>-<width>x<height>.png.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { games } from '../../shared/games/registry.js';
import { browserTestsRun, failureScreenshot, useServerAndBrowser } from '../support/browser.js';

const env = useServerAndBrowser();
const LOCALES = resolve(import.meta.dirname, '../../client/i18n/locales');
const SHOTS = resolve('test-results');
const VIEWPORTS = [{ width: 390, height: 844 }, { width: 844, height: 390 }, { width: 1280, height: 800 }];

type Lang = 'en' | 'fr';
type Rules = { title: string; sections: Record<string, string[]>; variants: Record<string, Record<string, string | string[]>>; options?: string[] };
const rules = (lang: Lang, game: string): Rules => JSON.parse(readFileSync(join(LOCALES, lang, `rules_${game}.json`), 'utf8')) as Rules;
const chrome = (lang: Lang): { heading: string; section: Record<string, string> } => JSON.parse(readFileSync(join(LOCALES, lang, 'howto.json'), 'utf8'));

/** What a section should say for this variant: the variant's own lines, else the game's. */
function expectedLines(r: Rules, variant: string, section: string): string[] {
  const own = section === 'about' ? r.variants[variant].about : section === 'options' ? r.options : r.variants[variant][section] ?? r.sections[section];
  return own === undefined ? [] : Array.isArray(own) ? own : [own];
}

async function openLobby(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('junction.lang', l), lang);
  await page.goto(env.server.http);
  await page.waitForSelector('#name', { timeout: 20_000 });
}

/** Until the lobby has its own how-to buttons, the screen is started the way they will start it. */
async function openHowTo(page: Page, game: string, variant?: string): Promise<void> {
  await page.evaluate(([g, v]) => {
    (window as unknown as { junction: any }).junction.scene.getScene('lobby').scene.start('howto', { game: g, variant: v, returnTo: 'lobby' });
  }, [game, variant] as const);
  await page.waitForSelector('[data-testid=howto]', { timeout: 30_000 });
}

async function sectionLines(page: Page, section: string): Promise<string[]> {
  return page.$$eval(`[data-testid=howto-section-${section}] .jn-howto-text li, [data-testid=howto-section-${section}] .jn-howto-text p`, (els) => els.map((e) => e.textContent ?? ''));
}

/** Text leaving the viewport or cut by its box, text or pictures overlapping, buttons under 44 px, a bar that does not fit. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const problems: string[] = [];
    const root = document.querySelector<HTMLElement>('[data-testid=howto]')!;
    const body = root.querySelector<HTMLElement>('.jn-howto-body')!;
    body.scrollTop = 0;
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    const W = window.innerWidth;
    const H = window.innerHeight;
    const name = (e: Element) => `${e.tagName.toLowerCase()} "${(e.textContent ?? '').trim().slice(0, 40)}"`;
    const texts = Array.from(root.querySelectorAll<HTMLElement>('h1, h2, p, li, button, legend'));
    const boxes = [...texts, ...Array.from(root.querySelectorAll<HTMLElement>('figure img'))];
    for (const e of texts) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) problems.push(`${name(e)} has no size`);
      if (r.left < -0.5 || r.right > W + 0.5) problems.push(`${name(e)} leaves the viewport sideways (${r.left}–${r.right} of ${W})`);
      if (e.scrollWidth > e.clientWidth + 1) problems.push(`${name(e)} is cut: ${e.scrollWidth} > ${e.clientWidth}`);
    }
    for (const img of Array.from(root.querySelectorAll<HTMLElement>('figure img'))) {
      const r = img.getBoundingClientRect();
      if (r.left < -0.5 || r.right > W + 0.5) problems.push(`a picture leaves the viewport sideways (${r.left}–${r.right} of ${W})`);
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        if (a.contains(b) || b.contains(a)) continue;
        const ra = a.getBoundingClientRect();
        const rb = b.getBoundingClientRect();
        const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (w > 1 && h > 1) problems.push(`${name(a)} overlaps ${name(b)}`);
      }
    }
    for (const b of Array.from(root.querySelectorAll<HTMLElement>('button'))) {
      const r = b.getBoundingClientRect();
      if (r.width < 44 || r.height < 44) problems.push(`${name(b)} is ${r.width}×${r.height}, under 44 px`);
    }
    const bar = root.querySelector<HTMLElement>('.jn-howto-bar')!.getBoundingClientRect();
    if (bar.top < 0 || bar.bottom > H) problems.push('the bar does not fit the viewport');
    if (body.scrollWidth > body.clientWidth + 1) problems.push(`the page scrolls sideways: ${body.scrollWidth} > ${body.clientWidth}`);
    // The last line can be scrolled into view.
    body.scrollTop = body.scrollHeight;
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    const last = Array.from(root.querySelectorAll<HTMLElement>('section li, section p')).pop()!;
    const lr = last.getBoundingClientRect();
    if (lr.bottom > H + 0.5 || lr.bottom > body.getBoundingClientRect().bottom + 0.5) problems.push(`the last line cannot be scrolled into view (${lr.bottom} of ${H})`);
    body.scrollTop = 0;
    return problems;
  });
}

/** Every picture of the page has been drawn (a data URL with pixels). */
async function picturesDrawn(page: Page): Promise<number> {
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid=howto] figure img'))
    .every((img) => img.src.startsWith('data:image') && img.complete && img.naturalWidth > 0), undefined, { timeout: 30_000 });
  return page.$$eval('[data-testid=howto] figure img', (imgs) => imgs.length);
}

describe.skipIf(!browserTestsRun)('how to play in Chromium', () => {
  mkdirSync(SHOTS, { recursive: true });

  for (const lang of ['en', 'fr'] as const) {
    it.each(games.map((g) => g.id))(`%s (${lang}): heading, sections, pictures, every variant, layout, Back`, async (game) => {
      const page = await env.browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      try {
        await page.setViewportSize(VIEWPORTS[0]);
        await openLobby(page, lang);
        const def = games.find((g) => g.id === game)!;
        await openHowTo(page, game);
        const r = rules(lang, game);
        const c = chrome(lang);

        expect(await page.textContent('[data-testid=howto-title]')).toBe(c.heading.replace('{{game}}', r.title));
        expect(await page.getAttribute('html', 'lang')).toBe(lang);
        for (const section of ['about', 'goal', 'setup', 'turn', 'special', 'end']) {
          expect(await page.textContent(`[data-testid=howto-section-${section}] h2`)).toBe(c.section[section]);
          expect(await page.isVisible(`[data-testid=howto-section-${section}]`)).toBe(true);
        }
        expect(await picturesDrawn(page)).toBeGreaterThanOrEqual(2);

        // Every variant shows its own text (the default one first, as the lobby opens it).
        const order = [def.defaultVariant, ...def.variants.filter((v) => v !== def.defaultVariant)];
        let previous = '';
        for (const variant of order) {
          if (def.variants.length > 1) {
            await page.click(`[data-testid=howto-variant-${variant}]`);
            expect(await page.getAttribute(`[data-testid=howto-variant-${variant}]`, 'aria-pressed')).toBe('true');
          }
          expect(await page.getAttribute('[data-testid=howto]', 'data-variant')).toBe(variant);
          for (const section of ['about', 'goal', 'setup', 'turn', 'special', 'end', 'options']) {
            const want = expectedLines(r, variant, section);
            if (want.length) expect(await sectionLines(page, section), `${variant} ${section}`).toEqual(want);
          }
          const text = await page.textContent('.jn-howto-inner') ?? '';
          expect(text).not.toBe(previous);
          previous = text;
          await picturesDrawn(page);
          // Every variant on the phone; the default one also in landscape and on the desktop.
          for (const viewport of variant === def.defaultVariant ? VIEWPORTS : VIEWPORTS.slice(0, 1)) {
            await page.setViewportSize(viewport);
            await page.waitForTimeout(100);
            const problems = await layoutProblems(page);
            if (problems.length) await failureScreenshot(page, `howto-${game}-${variant}-${lang}-${viewport.width}x${viewport.height}`);
            expect(problems, `${variant} at ${viewport.width}×${viewport.height}`).toEqual([]);
            if (variant === def.defaultVariant) await page.screenshot({ path: join(SHOTS, `howto-${game}-${lang}-${viewport.width}x${viewport.height}.png`), timeout: 90_000 });
          }
          await page.setViewportSize(VIEWPORTS[0]);
        }

        // Back returns to the lobby.
        await page.click('[data-testid=howto-back]');
        await page.waitForSelector('#name', { timeout: 30_000 });
        expect(await page.$('[data-testid=howto]')).toBeNull();
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 300_000);
  }

  it('the keyboard reaches everything and Escape goes back', async () => {
    const page = await env.browser.newPage();
    try {
      await openLobby(page, 'en');
      await openHowTo(page, 'rush_hour');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('howto-back');
      await page.keyboard.press('Tab'); // the scrolling text
      await page.keyboard.press('Tab'); // the first variant
      await page.keyboard.press('Tab'); // the second variant
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('howto-variant-kids');
      await page.keyboard.press('Enter');
      expect(await page.getAttribute('[data-testid=howto]', 'data-variant')).toBe('kids');
      await page.keyboard.press('Escape');
      await page.waitForSelector('#name', { timeout: 30_000 });
      expect(await page.$('[data-testid=howto]')).toBeNull();
    } finally {
      await page.close();
    }
  });

  it('a touch on a variant switches it', async () => {
    const context = env.browser;
    const page = await context.newPage();
    try {
      await page.setViewportSize(VIEWPORTS[0]);
      await openLobby(page, 'fr');
      await openHowTo(page, 'bip_bip');
      const box = (await page.locator('[data-testid=howto-variant-three_rounds]').boundingBox())!;
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
      const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await page.waitForFunction(() => document.querySelector('[data-testid=howto]')?.getAttribute('data-variant') === 'three_rounds', undefined, { timeout: 30_000 });
      expect(await sectionLines(page, 'end')).toEqual(expectedLines(rules('fr', 'bip_bip'), 'three_rounds', 'end'));
    } finally {
      await page.close();
    }
  });

  it('the table overlay shows the same page above a scene, closes with its button and Escape; the first hint comes once', async () => {
    const page = await env.browser.newPage();
    try {
      await page.setViewportSize(VIEWPORTS[1]);
      await openLobby(page, 'fr');
      const open = (game: string, variant?: string) => page.evaluate(([g, v]) => {
        (window as unknown as { overlay: unknown }).overlay = (window as unknown as { junctionHowTo: { open(g: string, v?: string): unknown } }).junctionHowTo.open(g, v);
      }, [game, variant] as const);
      await open('railway_madness', 'longest_train');
      await page.waitForSelector('.jn-howto-overlay [data-testid=howto]');
      expect(await page.getAttribute('[data-testid=howto]', 'data-variant')).toBe('longest_train');
      expect(await page.textContent('[data-testid=howto-close]')).toBe('Fermer');
      expect(await sectionLines(page, 'setup')).toEqual(expectedLines(rules('fr', 'railway_madness'), 'longest_train', 'setup'));
      await picturesDrawn(page);
      expect(await layoutProblems(page)).toEqual([]);
      await page.screenshot({ path: join(SHOTS, 'howto-overlay-fr-844x390.png'), timeout: 90_000 });
      await page.click('[data-testid=howto-close]');
      expect(await page.$('.jn-howto-overlay')).toBeNull();
      expect(await page.isVisible('#name')).toBe(true);

      await page.setViewportSize(VIEWPORTS[2]);
      await open('car_exchange');
      await page.waitForSelector('.jn-howto-overlay');
      await picturesDrawn(page);
      await page.screenshot({ path: join(SHOTS, 'howto-overlay-fr-1280x800.png'), timeout: 90_000 });
      await page.keyboard.press('Escape');
      expect(await page.$('.jn-howto-overlay')).toBeNull();

      const hint = (game: string) => page.evaluate((g) => (window as unknown as { junctionHowTo: { firstTimeHint(g: string): string | null } }).junctionHowTo.firstTimeHint(g), game);
      expect(await hint('took_over')).toBe(JSON.parse(readFileSync(join(LOCALES, 'fr', 'rules_took_over.json'), 'utf8')).first_hint);
      expect(await hint('took_over')).toBeNull();
      expect(await hint('bip_bip')).toBe(JSON.parse(readFileSync(join(LOCALES, 'fr', 'rules_bip_bip.json'), 'utf8')).first_hint);
      expect(await hint('no_such_game')).toBeNull();
      await page.reload();
      await page.waitForSelector('#name');
      expect(await hint('took_over')).toBeNull();
    } finally {
      await page.close();
    }
  });
});
