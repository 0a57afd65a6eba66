/**
 * The lobby in real Chromium against a real server: the gallery of seven games with their drawn
 * pictures, a game's variants and every engine option, Quick play to a table, a private table
 * whose invite link seats a player opened in another browser, Watch on a running public table,
 * the French switch that survives a reload, and an empty code answered without a request.
 * Then the lobby's screens at phone and desktop sizes: nothing clipped, no text over text, tap
 * targets of 44 px or more (screenshots kept in a temporary folder, removed at the end).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { games } from '../../shared/games/registry.js';
import { browserTestsRun, launchChromium, useServerAndBrowser } from '../support/browser.js';
import { eventually } from '../support/server.js';

const env = useServerAndBrowser();
const shots = mkdtempSync(join(tmpdir(), 'junction-lobby-shots-'));
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
  rmSync(shots, { recursive: true, force: true });
});

type TableScene = { connection?: { room?: { roomId: string; state: { phase: string; code: string; spectators: number; players: Map<string, { name: string }> } } } };

async function tableRoom(page: Page): Promise<{ roomId: string; phase: string; code: string; spectators: number; names: string[] } | undefined> {
  return (await page.evaluate(() => {
    const game = (window as unknown as { junction: { scene: { getScene(k: string): unknown; isActive(k: string): boolean } } }).junction;
    if (!game.scene.isActive('table')) return null;
    const room = (game.scene.getScene('table') as TableScene).connection?.room;
    if (!room?.state?.phase) return null; // not decoded yet
    return { roomId: room.roomId, phase: room.state.phase, code: room.state.code, spectators: room.state.spectators, names: room.state.players ? [...room.state.players.values()].map((p) => p.name) : [] };
  })) ?? undefined;
}

async function openLobby(page: Page): Promise<void> {
  // The page's first lines are enough: the machine may be busy, and the gallery is what counts.
  await page.goto(env.server.http, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  await page.locator('[data-testid^=game-]').first().waitFor({ timeout: 30_000 });
}

describe.skipIf(!browserTestsRun)('the lobby in Chromium', () => {
  it('shows the seven games, each with its drawn picture, facts and pitch', async () => {
    const page = await env.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openLobby(page);
    await expect(page.locator('#gallery [data-testid^=game-]').count()).resolves.toBe(7);
    for (const g of games) {
      const card = page.locator(`[data-testid=game-${g.id}]`);
      await expect(card.textContent()).resolves.toMatch(/players.*min.*age/);
      await expect(page.locator(`[data-testid=howto-${g.id}]`).isVisible()).resolves.toBe(true);
    }
    // Every picture was drawn on the client (a PNG data URL, no file fetched).
    await page.waitForFunction(() => Array.from(document.querySelectorAll('#gallery img')).every((i) => (i as HTMLImageElement).src.startsWith('data:image/png') && (i as HTMLImageElement).naturalWidth > 0), undefined, { timeout: 30_000 });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('choosing a game shows its variants and every option its engine accepts', async () => {
    const page = await env.browser.newPage();
    await openLobby(page);
    await page.click('[data-testid=game-rush_hour]');
    for (const name of ['players', 'maxNumber', 'handSize', 'rows', 'noSpecials', 'noHeavyJam', 'noTooSmallPenalty', 'trailerNumbers', 'trailerPoints', 'deals', 'pickMs', 'choiceMs']) {
      await expect(page.locator(`[data-testid=option-${name}]`).count(), name).resolves.toBe(1);
    }
    await expect(page.locator('[data-testid=option-pickMs]').inputValue()).resolves.toBe('30'); // seconds
    // The kids variant's presets show in the controls.
    await page.click('[data-testid=variant-kids]');
    await expect(page.locator('[data-testid=option-maxNumber]').inputValue()).resolves.toBe('30');
    await expect(page.locator('[data-testid=option-noSpecials]').isChecked()).resolves.toBe(true);
    // Other games: clocks, hidden hands, assist, talking rule, per-seat options.
    await page.click('[data-testid=all-games]');
    await page.click('[data-testid=game-car_exchange]');
    for (const name of ['talking', 'talkPenalty', 'turnMs', 'targetScore']) await expect(page.locator(`[data-testid=option-${name}]`).count(), name).resolves.toBe(1);
    await page.click('[data-testid=all-games]');
    await page.click('[data-testid=game-bip_bip]');
    for (const name of ['hiddenHands', 'handicap', 'manualReferee']) await expect(page.locator(`[data-testid=option-${name}]`).count(), name).resolves.toBe(1);
    await page.click('[data-testid=all-games]');
    await page.click('[data-testid=game-railway_madness]');
    for (const name of ['assist', 'expressSeats', 'timeLimitMs']) await expect(page.locator(`[data-testid=option-${name}]`).count(), name).resolves.toBe(1);
    await expect(page.locator('[data-testid=variant-longest_train]').count()).resolves.toBe(1);
    // An option the engine refuses is answered in the lobby, before any request.
    await page.fill('[data-testid=option-players]', '9');
    await page.click('[data-testid=quick-play]');
    await expect(page.locator('#lobby-error').textContent()).resolves.toMatch(/players|Players/);
    await page.close();
  }, 60_000);

  it('quick play reaches a table with the chosen options', async () => {
    const page = await env.browser.newPage();
    await openLobby(page);
    await page.fill('#name', 'Quinn');
    await page.click('[data-testid=game-took_over]');
    await page.fill('[data-testid=option-players]', '3');
    await page.check('[data-testid=option-anyoneCanTakeOver]');
    await page.click('[data-testid=quick-play]');
    const seated = await eventually(() => tableRoom(page), 30_000, 'a table');
    expect(seated.phase).toBe('waiting');
    expect(seated.names.some((n) => n.startsWith('Quinn'))).toBe(true);
    const options = await page.evaluate(() => {
      const room = ((window as any).junction.scene.getScene('table') as TableScene).connection!.room as unknown as { state: { options: { forEach(cb: (v: unknown, k: string) => void): void }; seats: number } };
      let anyone: unknown = null;
      room.state.options.forEach((v, k) => { if (k === 'anyoneCanTakeOver') anyone = JSON.parse(v as string); });
      return { seats: room.state.seats, anyone };
    });
    expect(options.seats).toBe(3);
    expect(options.anyone).toBe(true);
    await page.close();
  }, 60_000);

  it('an invite link opened in a second browser asks a name once and seats that player', async () => {
    const host = await env.browser.newPage();
    await openLobby(host);
    await host.fill('#name', 'Hana');
    await host.click('[data-testid=game-rush_hour]');
    await host.fill('[data-testid=option-players]', '2');
    await host.click('[data-testid=create-private]');
    const table = await eventually(async () => (await tableRoom(host))?.code || undefined, 30_000, 'the private code');

    const other = await launchChromium();
    closers.push(other.close);
    const guest = await other.browser.newPage();
    await guest.goto(`${env.server.http}/join/${table.toLowerCase()}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await guest.locator('#ask-name #name').waitFor({ timeout: 30_000 });
    expect(new URL(guest.url()).search).toBe(''); // the code left the address bar
    await guest.fill('#ask-name #name', 'Gil');
    await guest.click('[data-testid=sit]');
    const seated = await eventually(() => tableRoom(guest), 30_000, 'the guest at the table');
    expect(seated.code).toBe(table);
    await eventually(async () => (await tableRoom(host))?.names.some((n) => n.startsWith('Gil')), 30_000, 'the host sees Gil');

    // The name is remembered: a second invite goes straight to the table, no question.
    const again = await other.browser.newPage();
    await host.close();
    await guest.close();
    const host2 = await env.browser.newPage();
    await openLobby(host2);
    await host2.click('[data-testid=game-took_over]');
    await host2.click('[data-testid=create-private]');
    const code2 = await eventually(async () => (await tableRoom(host2))?.code || undefined, 30_000, 'the second code');
    await again.goto(`${env.server.http}/?join=${code2}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    const seated2 = await eventually(() => tableRoom(again), 30_000, 'seated without a question');
    expect(seated2.names.some((n) => n.startsWith('Gil'))).toBe(true);
    await again.close();
    await host2.close();
  }, 90_000);

  it('a spectator watches a running public table from the lobby list', async () => {
    // Two players fill a public Rush Hour table, so it starts at once.
    const [a, b] = [env.server.client(), env.server.client()];
    const first = await a.joinOrCreate('rush_hour', { players: 2, name: 'Ana' });
    const second = await b.joinOrCreate('rush_hour', { players: 2, name: 'Bo' });
    expect(second.roomId).toBe(first.roomId);
    await eventually(() => (first.state as { phase?: string }).phase === 'playing', 30_000, 'the game starts');

    const page = await env.browser.newPage();
    await openLobby(page);
    const watch = page.locator(`[data-testid=watch-${first.roomId}]`);
    await watch.waitFor({ timeout: 30_000 });
    await watch.click();
    const watching = await eventually(() => tableRoom(page), 30_000, 'the spectator at the table');
    expect(watching.roomId).toBe(first.roomId);
    expect(watching.phase).toBe('playing');
    expect(watching.names.some((n) => n.startsWith('Ana')) && watching.names.some((n) => n.startsWith('Bo'))).toBe(true);
    await eventually(() => (first.state as { spectators?: number }).spectators === 1, 30_000, 'counted as a spectator');
    await page.close();
    await first.leave();
    await second.leave();
  }, 60_000);

  it('switches to French, redraws, and stays French after a reload', async () => {
    const page = await env.browser.newPage();
    await openLobby(page);
    await page.click('[data-testid=lang-fr]');
    await page.getByText('Choisissez un jeu').waitFor({ timeout: 30_000 });
    await expect(page.locator('[data-testid=game-rush_hour]').textContent()).resolves.toMatch(/joueurs.*dès 8 ans/);
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('fr');
    await page.reload({ waitUntil: 'domcontentloaded', timeout: 60_000 });
    await page.getByText('Choisissez un jeu').waitFor({ timeout: 30_000 });
    await expect(page.locator('[data-testid=quick-play]').count()).resolves.toBe(0);
    await page.click('[data-testid=game-traffic_tango]');
    await expect(page.locator('[data-testid=quick-play]').textContent()).resolves.toBe('Partie rapide');
    await page.click('[data-testid=lang-en]');
    await expect(page.locator('[data-testid=quick-play]').textContent()).resolves.toBe('Quick play');
    await page.close();
  }, 120_000);

  it('an empty code asks for a code, without a request', async () => {
    const page = await env.browser.newPage();
    const lookups: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/api/rooms/code')) lookups.push(r.url()); });
    await openLobby(page);
    await page.click('[data-testid=join]');
    await expect(page.locator('#lobby-error').textContent()).resolves.toMatch(/code/i);
    await page.fill('[data-testid=join-code]', 'abc');
    await page.click('[data-testid=join]');
    await expect(page.locator('#lobby-error').textContent()).resolves.toMatch(/not a table code/);
    expect(lookups).toEqual([]);
    await page.fill('[data-testid=join-code]', 'ABCD-EFGH');
    await page.click('[data-testid=join]');
    await expect(page.getByText('No table has that code.').waitFor({ timeout: 30_000 })).resolves.toBeUndefined();
    expect(lookups.length).toBe(1);
    await page.close();
  }, 60_000);

  describe('screens at phone and desktop sizes', () => {
    const sizes = [[390, 844], [844, 390], [1280, 800]] as const;
    // Visited in order on one page, as a player would move between them.
    const screens: [string, (p: Page) => Promise<void>][] = [
      ['gallery', async () => undefined],
      ['options', async (p) => { await p.click('[data-testid=game-car_exchange]'); await p.locator('[data-testid=option-talking]').waitFor(); }],
      ['tournaments', async (p) => { await p.click('[data-testid=tournaments]'); await p.locator('[data-testid=tournament-create]').waitFor(); }],
      ['profile', async (p) => { await p.click('[data-testid=to-lobby]'); await p.click('[data-testid=profile]'); await p.locator('#games-played').waitFor(); }],
      ['leaderboard', async (p) => { await p.click('[data-testid=leaderboards]'); await p.locator('#my-rank').waitFor(); }],
    ];
    it.each(sizes)('%i×%i: nothing clipped, no text over text, tap targets ≥ 44 px', async (width, height) => {
      const context = await launchChromium();
      closers.push(context.close);
      for (const lang of ['en', 'fr']) {
        const page = await context.browser.newPage();
        await page.setViewportSize({ width, height });
        await page.goto(env.server.http, { waitUntil: 'domcontentloaded', timeout: 60_000 });
        await page.evaluate((l) => localStorage.setItem('junction.lang', l), lang);
        await openLobby(page);
        for (const [name, open] of screens) {
          await open(page);
          await page.waitForTimeout(300);
          await page.screenshot({ path: join(shots, `${name}-${lang}-${width}x${height}.png`) });
          const problems = await page.evaluate(layoutProblems);
          expect(problems, `${name} ${lang} ${width}×${height}`).toEqual([]);
        }
        await page.close();
      }
    }, 240_000);
  });
});

/** Runs in the page: every visible text and control of the DOM screen, checked against the viewport and each other. */
function layoutProblems(): string[] {
  const problems: string[] = [];
  const screen = document.querySelector('.jn-screen') as HTMLElement | null;
  if (!screen) return ['no screen'];
  if (screen.scrollWidth > screen.clientWidth + 1) problems.push(`scrolls sideways: ${screen.scrollWidth} > ${screen.clientWidth}`);
  const visible = (e: Element) => {
    const r = e.getBoundingClientRect();
    const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
  };
  const label = (e: Element) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${(e as HTMLElement).dataset.testid ? `[${(e as HTMLElement).dataset.testid}]` : ''} "${(e.textContent ?? '').trim().slice(0, 30)}"`;
  // Tap targets: buttons, inputs and selects (a checkbox counts with its label).
  for (const e of Array.from(screen.querySelectorAll('button, select, input'))) {
    if (!visible(e)) continue;
    const target = (e as HTMLInputElement).type === 'checkbox' ? (e.closest('label') ?? e) : e;
    const r = target.getBoundingClientRect();
    if (r.height < 44 || r.width < 44) problems.push(`small target ${label(e)} ${Math.round(r.width)}×${Math.round(r.height)}`);
    if (r.left < -1 || r.right > window.innerWidth + 1) problems.push(`clipped ${label(e)} ${Math.round(r.left)}..${Math.round(r.right)}`);
  }
  // Text: each element's own text lines, clipped by the viewport's width or lying over another's.
  const boxes: { e: Element; r: DOMRect }[] = [];
  const walker = document.createTreeWalker(screen, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!(n.textContent ?? '').trim() || !n.parentElement || !visible(n.parentElement)) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const r of Array.from(range.getClientRects())) {
      if (r.width < 1) continue;
      if (r.left < -1 || r.right > window.innerWidth + 1) problems.push(`clipped text ${label(n.parentElement)}`);
      boxes.push({ e: n.parentElement, r });
    }
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      if (a.e === b.e || a.e.contains(b.e) || b.e.contains(a.e)) continue;
      const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      // The sticky action bar may pass over content scrolled under it.
      if (a.e.closest('.jn-actions') || b.e.closest('.jn-actions')) continue;
      if (x > 2 && y > 2) problems.push(`text over text: ${label(a.e)} / ${label(b.e)}`);
    }
  }
  return [...new Set(problems)].slice(0, 20);
}
