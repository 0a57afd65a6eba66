/**
 * No screen shows a raw i18n key (issue 23: a first-game tip read `first_hint`). In real Chromium,
 * in English and in French, the main screens are walked — the lobby, a game's rules, the
 * tournaments list and one tournament (with a no-show marked in its standings), a tournament table
 * waiting for a player ("Waiting for Bo (N s)"), a tournament table that starts the moment the
 * page sits down (where the tip used to come before the game's texts), and the profile — and every
 * visible text (DOM, Phaser text, toasts) must not look like a key.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client, type Room } from 'colyseus.js';
import type { Page } from 'playwright-core';
import { browserTestsRun, useServerAndBrowser } from '../support/browser.js';
import { eventually, ready } from '../support/server.js';
import { visibleTexts } from '../support/touchPlay.js';
import { ok } from '../support/tournamentApi.js';

const env = useServerAndBrowser();
const GAME = 'railway_madness';
const VARIANT = 'juniors';
const LANGS = ['en', 'fr'] as const;
type Lang = (typeof LANGS)[number];
const LOCALES = resolve(import.meta.dirname, '../../client/i18n/locales');

/** What a raw key looks like on screen: `a.b_c`, `ns:key.path`, or a bare snake_case key such as `first_hint`. */
const RAW_KEY = [/^[a-z_]+(\.[a-z_]+)+$/, /^[a-z_]+:[a-z_.]+$/, /^[a-z]+(_[a-z]+)+$/];

function rawKeys(texts: readonly string[]): string[] {
  // Toasts start with their kind's sign (ℹ, ⚠): the text after it is what a key would be.
  return texts.map((x) => x.replace(/^[ℹ⚠]\s*/u, '').trim()).filter((x) => RAW_KEY.some((re) => re.test(x)));
}

function locale(lang: Lang, ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>;
}

/** A tournament API call that must succeed (test/support/tournamentApi.ts). */
async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  return await ok(env.server, method, path, body, token) as T;
}

interface Registered { token: string; seatId: string; name: string }

/** A started one-table tournament of Ana and Bo: the ids, and their registrations. */
async function startedTournament(name: string, checkInGraceSeconds: number): Promise<{ id: string; roomId: string; ana: Registered; bo: Registered }> {
  const created = await api<{ tournament: { id: string }; organiserToken: string }>('POST', '/', {
    name, game: GAME, variant: VARIANT, tableSize: 2, rounds: 1, checkInGraceSeconds,
  });
  const id = created.tournament.id;
  const ana = await api<Registered>('POST', `/${id}/register`, { name: 'Ana' });
  const bo = await api<Registered>('POST', `/${id}/register`, { name: 'Bo' });
  for (const p of [ana, bo]) await api('POST', `/${id}/check-in`, {}, p.token);
  await api('POST', `/${id}/start`, {}, created.organiserToken);
  const roomId = await eventually(async () => (await api<{ rounds: { tables: { roomId: string | null }[] }[] }>('GET', `/${id}`)).rounds[0]?.tables[0]?.roomId ?? undefined, 20_000, 'the table');
  return { id, roomId, ana, bo };
}

/** A page in `lang` that holds Ana's registration of `tournamentId` (as registering on the page leaves it). */
async function pageAs(lang: Lang, tournamentId: string, ana: Registered): Promise<{ page: Page; errors: string[] }> {
  const page = await env.browser.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(([l, key, value]) => {
    localStorage.setItem('junction.lang', l);
    localStorage.setItem(key, value);
    // Every run is a newcomer's first game: the tip must show.
    for (const k of Object.keys(localStorage)) if (k.startsWith('junction.firstHint.')) localStorage.removeItem(k);
  }, [lang, `junction.tournament.${tournamentId}.player`, JSON.stringify({ token: ana.token, seatId: ana.seatId, name: ana.name })] as const);
  return { page, errors };
}

async function openTournament(page: Page, name: string): Promise<void> {
  await page.goto(env.server.http);
  await page.click('[data-testid=tournaments]');
  await page.getByText(name).first().click();
  await page.waitForSelector('#tournament-standings');
}

function tableRoom(page: Page): Promise<{ phase: string } | false> {
  return page.evaluate(() => {
    const room = (window as unknown as { junction: any }).junction.scene.getScene('table')?.connection?.room; // eslint-disable-line @typescript-eslint/no-explicit-any
    return room?.state ? { phase: String(room.state.phase) } : false;
  });
}

describe.skipIf(!browserTestsRun)('no raw i18n key on any main screen', () => {
  it('the check finds keys and passes sentences', () => {
    expect(rawKeys(['first_hint', 'ℹ first_hint', 'tournament:col.no_shows', 'common.clock.check_in', 'Waiting for Bo (45 s)', 'Ana', 'Bo (no-show)', '3 / 4'])).toEqual(['first_hint', 'first_hint', 'tournament:col.no_shows', 'common.clock.check_in']);
  });

  describe.each(LANGS)('%s', (lang: Lang) => {
    it('lobby, rules, tournaments, a waiting tournament table, a table that starts at once with its first-game tip, a no-show, the profile', async () => {
      const seen: Record<string, string[]> = {};
      const scan = async (page: Page, screen: string) => {
        const found = rawKeys(await visibleTexts(page));
        if (found.length) seen[screen] = found;
      };
      const waitingFor = lang === 'en' ? /^Waiting for Bo \(\d+ s\)$/ : /^On attend Bo \(\d+ s\)$/;
      const noShow = lang === 'en' ? 'Bo (no-show)' : 'Bo (absence)';
      const hint = locale(lang, `rules_${GAME}`).first_hint as string;
      const rooms: Room[] = [];

      // 1. A table Ana sits at first: it waits for Bo, one number counting down.
      const waiting = await startedTournament(`Waiting ${lang} ${Date.now() % 10_000}`, 600);
      const first = await pageAs(lang, waiting.id, waiting.ana);
      try {
        await first.page.goto(env.server.http);
        await first.page.waitForSelector(`[data-testid=game-${GAME}]`, { timeout: 20_000 });
        await scan(first.page, 'lobby');
        await first.page.click(`[data-testid=game-${GAME}]`);
        await first.page.click(`[data-testid=howto-${GAME}]`);
        await first.page.waitForSelector('[data-testid=howto]');
        await scan(first.page, 'howto');

        await openTournament(first.page, `Waiting ${lang}`);
        await first.page.waitForSelector('[data-testid=tournament-join]', { timeout: 20_000 });
        await scan(first.page, 'tournament');
        await first.page.click('[data-testid=tournament-join]');
        await first.page.waitForSelector('#check-in-note', { timeout: 20_000 });
        await first.page.waitForFunction((source) => new RegExp(source).test(document.getElementById('table-clock')?.textContent ?? ''), waitingFor.source, { timeout: 10_000 });
        expect(await tableRoom(first.page)).toEqual({ phase: 'waiting' });
        await scan(first.page, 'waiting table');
      } finally {
        await first.page.close();
      }

      // 2. A table Bo already sits at: it starts the moment Ana sits down, and the tip is in words.
      const atOnce = await startedTournament(`At once ${lang} ${Date.now() % 10_000}`, 600);
      rooms.push(await ready(await new Client(env.server.url).joinById(atOnce.roomId, { name: 'Bo', playerId: atOnce.bo.seatId })));
      const second = await pageAs(lang, atOnce.id, atOnce.ana);
      try {
        await openTournament(second.page, `At once ${lang}`);
        await second.page.click('[data-testid=tournament-join]', { timeout: 20_000 });
        await eventually(async () => (await tableRoom(second.page)) && (await tableRoom(second.page) as { phase: string }).phase === 'playing', 30_000, 'the table starts');
        // The tip is a line in the status bar under the board (issue 27), not a toast over it.
        const tip = second.page.locator('[data-testid=first-tip] span');
        await tip.waitFor({ timeout: 20_000 });
        expect(String(await tip.textContent()).replace(/^ℹ\s*/u, '')).toBe(hint);
        await scan(second.page, 'table with first-game tip');
        expect(second.errors).toEqual([]);
      } finally {
        await second.page.close();
      }

      // 3. A table nobody came to: both are no-shows once its short check-in ends, marked in the standings.
      const empty = await startedTournament(`Empty ${lang} ${Date.now() % 10_000}`, 1);
      const third = await pageAs(lang, empty.id, empty.ana);
      try {
        await openTournament(third.page, `Empty ${lang}`);
        await third.page.getByText(noShow).first().waitFor({ timeout: 30_000 });
        await scan(third.page, 'tournament with no-shows');
        await third.page.click('[data-testid=to-lobby]');
        await third.page.click('[data-testid=profile]');
        await third.page.waitForFunction(() => /#\d{4}$/.test(document.getElementById('profile-name')?.textContent ?? ''), undefined, { timeout: 20_000 });
        await scan(third.page, 'profile');
      } finally {
        await third.page.close();
      }
      await Promise.all(rooms.map((r) => r.leave(true).catch(() => undefined)));
      expect(seen).toEqual({});
    }, 180_000);
  });
});
