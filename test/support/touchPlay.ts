/**
 * Plays a table the way a phone player does: only taps, only on what the table offers
 * (`window.junctionTargets()`, client/ui/tapTargets.ts), until the result shows. Also a check
 * that a French screen shows no English words besides names.
 */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM } from './browser.js';

export interface TouchBrowser { context: BrowserContext; close(): Promise<void> }

export async function launchTouchChromium(opts: { locale?: string; width?: number; height?: number } = {}): Promise<TouchBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'junction-touch-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      hasTouch: true,
      isMobile: true,
      locale: opts.locale ?? 'en-US',
      viewport: { width: opts.width ?? 390, height: opts.height ?? 844 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync', `--lang=${opts.locale ?? 'en-US'}`],
    });
    return { context, close: async () => { try { await context.close(); } finally { rmSync(profile, { recursive: true, force: true }); } } };
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}

interface Target { id: string; x: number; y: number; width: number; height: number }

/** Collects every `error` the server sends this page's table room (re-hooked when the room changes). */
export async function watchRefusals(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { junction: any; refusals: unknown[]; hookedRoom?: unknown };
    w.refusals ??= [];
    window.setInterval(() => {
      const room = w.junction?.scene?.getScene('table')?.connection?.room;
      if (!room || room === w.hookedRoom) return;
      w.hookedRoom = room;
      room.onMessage('error', (m: unknown) => { w.refusals.push(m); });
    }, 50);
  });
}

export async function refusals(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { refusals: unknown[] }).refusals ?? []);
}

export async function targets(page: Page): Promise<Target[]> {
  return page.evaluate(() => (window as unknown as { junctionTargets?: () => Target[] }).junctionTargets?.() ?? []);
}

/**
 * Taps offered targets (a seeded choice among them) until `#result` is visible. `onTurn` runs once,
 * the first time something is offered (for checks on a live table).
 */
export async function playByTouch(page: Page, opts: { timeoutMs: number; seed?: number; onFirstTurn?: () => Promise<void> }): Promise<{ taps: number }> {
  let seed = opts.seed ?? 7;
  const next = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const until = Date.now() + opts.timeoutMs;
  let taps = 0;
  let firstTurnDone = !opts.onFirstTurn;
  while (Date.now() < until) {
    if (await page.locator('#result').isVisible().catch(() => false)) return { taps };
    const viewport = page.viewportSize()!;
    const offered = (await targets(page)).filter((t) => t.width > 0 && t.height > 0
      && t.x + t.width / 2 > 0 && t.y + t.height / 2 > 0 && t.x + t.width / 2 < viewport.width && t.y + t.height / 2 < viewport.height);
    if (offered.length === 0) {
      await page.waitForTimeout(150);
      continue;
    }
    if (!firstTurnDone) {
      firstTurnDone = true;
      await opts.onFirstTurn!();
      continue;
    }
    const t = offered[Math.floor(next() * offered.length)];
    await page.touchscreen.tap(t.x + t.width / 2, t.y + t.height / 2);
    taps += 1;
    await page.waitForTimeout(120);
  }
  throw new Error(`no result after ${opts.timeoutMs} ms (${taps} taps)`);
}

/** Every text a player can see: DOM text and Phaser Text objects of the running scenes. */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent?.trim()) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || el.getClientRects().length === 0) continue;
      texts.push(n.textContent.trim());
    }
    for (const el of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder]'))) texts.push(el.placeholder);
    const game = (window as unknown as { junction: any }).junction;
    const walk = (list: any[]) => {
      for (const o of list) {
        if (!o.visible || !o.active) continue;
        if (o.type === 'Text' && o.text) texts.push(String(o.text));
        if (o.list) walk(o.list);
      }
    };
    for (const scene of game.scene.getScenes(true)) walk(scene.children.list);
    return texts;
  });
}

/** English words that are not also French: one on a French screen means an untranslated string. */
// Left out on purpose: words French shares (car, on, point(s), train, code, public, score, table, bonus, stop).
const ENGLISH_ONLY = new Set(('the you your yours and with wins won win lost turn turns waiting wait for seat seats player players '
  + 'cards took take takes play plays start leave back watch watching round rounds pass draw left right '
  + 'game games over rematch replay clock time seconds host join share link copy language rules how help '
  + 'name names first next last hand hands pick picked picks card deck penalty cars '
  + 'claim claimed wrong refused move moved moves yes no not ready done new open private quick '
  + 'is are was were has have had it its this that these those what who why when where which of to in at by from').split(' '));

/** Words on screen that read as English, names and the given allowed words excepted. */
export function englishWords(texts: string[], allowed: string[]): string[] {
  const allowedWords = new Set(allowed.flatMap((a) => a.toLowerCase().split(/[^\p{L}']+/u)).filter(Boolean));
  const found = new Set<string>();
  for (const text of texts) {
    for (const word of text.toLowerCase().split(/[^\p{L}']+/u)) {
      if (ENGLISH_ONLY.has(word) && !allowedWords.has(word)) found.add(`${word} (in "${text.slice(0, 60)}")`);
    }
  }
  return [...found];
}
