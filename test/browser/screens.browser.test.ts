/**
 * Every screen that is not a game table, in real Chromium, at 390×844, 844×390 and 1280×800, in English
 * and French: the lobby's gallery, a game's panel with its options (and an option refusal), the invite
 * screen that asks a name to join by code, a game's rules, the tournaments list and one tournament,
 * the profile and the leaderboards, and a replay at /replay/<id> of a public game a bot and a player
 * finished over real sockets. Each is screenshotted (into a temporary folder, removed afterwards; kept under
 * test-results/ when SCREENS_KEEP is set) and must show no overlapping or clipped text, no tap target
 * under 44 px (test/support/layoutCheck.ts) and, in French, no English word (test/support/touchPlay.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { games } from '../../shared/games/registry.js';
import { browserTestsRun, useServerAndBrowser } from '../support/browser.js';
import { eventually, ready } from '../support/server.js';
import { describeProblems, layoutProblems } from '../support/layoutCheck.js';
import { englishWords, visibleTexts } from '../support/touchPlay.js';
import { playWithViewBot, type SyncedSeats } from '../support/viewBotTable.js';

// Quick play's bot fills the empty seat of the replayed game after 2 s (the test servers' default is 60 s).
const env = useServerAndBrowser({ server: { QUICKPLAY_FILL_MS: 2_000 } });
const VIEWPORTS = [{ width: 390, height: 844 }, { width: 844, height: 390 }, { width: 1280, height: 800 }];
const LANGS = ['en', 'fr'] as const;
type Lang = (typeof LANGS)[number];
const GAME = 'traffic_memory';

const LOCALES = resolve(import.meta.dirname, '../../client/i18n/locales');
/** Game titles are names (Railway Madness, Took Over!): they stay as they are in French. */
const TITLES = Object.values((JSON.parse(readFileSync(join(LOCALES, 'fr', 'lobby.json'), 'utf8')) as { game: Record<string, { title: string }> }).game).map((g) => g.title);
const ALLOWED = [...TITLES, 'Junction', 'Ana', 'Bot', 'Trafficcars'];

let shots: string;
let replayId = '';
let privateCode = '';
let tournamentName = '';
beforeAll(() => {
  shots = process.env.SCREENS_KEEP ? resolve('test-results/screens') : mkdtempSync(join(tmpdir(), 'junction-screens-'));
  mkdirSync(shots, { recursive: true });
});
afterAll(() => {
  if (!process.env.SCREENS_KEEP) rmSync(shots, { recursive: true, force: true });
});

async function lobby(page: Page): Promise<void> {
  await page.goto(env.server.http);
  await page.waitForSelector('[data-testid=game-rush_hour]', { timeout: 20_000 });
}

/** Each screen: how to reach it from a fresh page, and what shows it is there. */
const SCREENS: Record<string, (page: Page) => Promise<void>> = {
  gallery: lobby,
  panel: async (page) => {
    await lobby(page);
    await page.click('[data-testid=game-rush_hour]');
    await page.waitForSelector('#option-handSize');
    // An option the engine refuses shows its message (never zod's English).
    await page.fill('#option-deals', '9');
    await page.click('[data-testid=create-private]');
    await page.waitForFunction(() => (document.getElementById('lobby-error')?.textContent ?? '').length > 0);
  },
  invite: async (page) => {
    await page.goto(`${env.server.http}/?join=${privateCode}`);
    await page.waitForSelector('#ask-name');
  },
  howto: async (page) => {
    await lobby(page);
    await page.click(`[data-testid=game-${GAME}]`);
    await page.click(`[data-testid=howto-${GAME}]`);
    await page.waitForSelector('[data-testid=howto]');
  },
  tournaments: async (page) => {
    await lobby(page);
    await page.click('[data-testid=tournaments]');
    await page.getByText(tournamentName).first().waitFor({ timeout: 30_000 });
  },
  tournament: async (page) => {
    await SCREENS.tournaments(page);
    await page.getByText(tournamentName).first().click();
    await page.waitForSelector('#tournament-standings');
    await page.waitForSelector('[data-testid=tournament-register]');
  },
  profile: async (page) => {
    await lobby(page);
    await page.click('[data-testid=profile]');
    await page.waitForSelector('#profile-name');
    await page.waitForFunction(() => /#\d{4}$/.test(document.getElementById('profile-name')?.textContent ?? ''));
  },
  leaderboards: async (page) => {
    await lobby(page);
    await page.click('[data-testid=leaderboards]');
    await page.waitForSelector('#my-rank', { timeout: 30_000 });
  },
  replay: async (page) => {
    await page.goto(`${env.server.http}/replay/${replayId}`);
    await page.waitForSelector('#replay-position', { timeout: 20_000 });
    await page.click('[data-testid=replay-last]');
  },
};

describe.skipIf(!browserTestsRun)('every screen besides the tables, in English and French, on phones and desktops', () => {
  beforeAll(async () => {
    // A short public game (a private one's replay is its players' only): one player, and a bot
    // that fills the empty seat once the quick-play wait is over.
    const game = games.find((g) => g.id === GAME)!;
    const a = await ready(await env.server.client().joinOrCreate<SyncedSeats>(GAME, { name: 'Ana', players: 2, range: '1-12' }));
    await eventually(() => a.state.phase === 'playing', 60_000, 'the bot fills the seat and the game starts');
    const stop = playWithViewBot(game, a, 7);
    await eventually(() => a.state.phase === 'finished', 150_000, 'the game ends');
    stop();
    replayId = a.roomId;
    await eventually(async () => (await fetch(`${env.server.http}/api/games/${replayId}`)).status === 200, 30_000, 'the game is stored');
    await a.leave(true).catch(() => undefined);

    // A private table waiting for players, whose code an invite link carries.
    const host = await ready(await env.server.client().create<SyncedSeats & { code: string }>(GAME, { name: 'Ana', private: true, players: 3 }));
    await eventually(() => host.state.code, 30_000, 'a code');
    privateCode = host.state.code;

    tournamentName = `Vendredi ${Date.now() % 1000}`;
    const res = await fetch(`${env.server.http}/api/tournaments`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: tournamentName, game: GAME, variant: game.variants[0], tableSize: 2, rounds: 2 }),
    });
    expect(res.status).toBe(201);
  }, 240_000);

  const problemsFound: string[] = [];
  afterAll(() => { if (problemsFound.length) console.log(problemsFound.join('\n')); });

  describe.each(LANGS)('%s', (lang: Lang) => {
    it.each(Object.keys(SCREENS))('%s: no overlap, no clipping, 44 px targets, no English in French', async (screen) => {
      const problems: string[] = [];
      for (const viewport of VIEWPORTS) {
        const page = await env.browser.newPage();
        await page.setViewportSize(viewport);
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.stack ?? e.message));
        await page.addInitScript((l) => { localStorage.setItem('junction.lang', l); localStorage.removeItem('junction.name'); }, lang);
        try {
          await SCREENS[screen](page);
          await page.evaluate(() => document.fonts.ready);
          await page.waitForTimeout(300);
          const name = `${screen}-${lang}-${viewport.width}x${viewport.height}`;
          await page.screenshot({ path: join(shots, `${name}.png`) });
          const layout = await layoutProblems(page);
          if (layout.length) problems.push(`${name}:\n${describeProblems(layout)}`);
          if (lang === 'fr') {
            const english = englishWords(await visibleTexts(page), ALLOWED);
            if (english.length) problems.push(`${name}: English words: ${english.join(', ')}`);
          }
          if (errors.length) problems.push(`${name}: page errors: ${errors.join('; ')}`);
        } finally {
          await page.close();
        }
      }
      problemsFound.push(...problems);
      expect(problems).toEqual([]);
    }, 120_000);
  });
});
