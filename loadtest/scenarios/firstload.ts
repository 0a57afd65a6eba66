/**
 * `npm run bench -- firstload [--trials 5]`: what a new visitor downloads before the lobby can be
 * used, and how long that takes on localhost in Chromium (cold cache each trial), plus what each
 * screen fetched on demand adds: the drawn scenes (Phaser, table, replay), how to play, tournaments,
 * players, and each game's own chunk (renderer, its rules, its texts), fetched when its table opens.
 */
import { chromium } from 'playwright-core';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ServerProcess } from '../serverProcess.js';

interface ManifestChunk { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; src?: string; css?: string[] }
type Manifest = Record<string, ManifestChunk>;

const DIST = join(import.meta.dirname, '../../dist/client');
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function gzipKiB(file: string): number {
  return gzipSync(readFileSync(join(DIST, file)), { level: 6 }).length / 1024;
}

/** Files a chunk pulls in statically (itself included). */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/** Renderer folders are named after the game, except Railway Madness's. */
const GAME_OF_FOLDER: Record<string, string> = { railway: 'railway_madness' };

const sumKiB = (manifest: Manifest, keys: Iterable<string>): number =>
  Math.round([...keys].reduce((n, k) => n + gzipKiB(manifest[k].file) + (manifest[k].css ?? []).reduce((c, css) => c + gzipKiB(css), 0), 0) * 10) / 10;

/**
 * What each screen fetched on demand adds to the first load (gzip KiB): the drawn scenes' chunk
 * (Phaser, table and replay: every table needs it once), how to play, tournaments, players; and
 * per game, what opening its table adds on top of the first load and the drawn chunk: renderer,
 * the rules it uses to offer legal moves, its English texts.
 */
function onDemandChunks(manifest: Manifest): { screens: Record<string, number>; games: Record<string, number> } {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  const firstLoad = closure(manifest, entry);
  const drawnKey = Object.keys(manifest).find((k) => /app\/drawn\.ts$/.test(manifest[k].src ?? k));
  const drawn = drawnKey ? closure(manifest, drawnKey) : new Set<string>();
  const screens: Record<string, number> = {};
  const beyond = (keys: Set<string>, ...loaded: Set<string>[]) => [...keys].filter((k) => !loaded.some((l) => l.has(k)));
  if (drawnKey) screens.drawn = sumKiB(manifest, beyond(drawn, firstLoad));
  for (const [name, file] of [['howto', 'HowToScene'], ['tournaments', 'TournamentScene'], ['players', 'PlayersScene']] as const) {
    const key = Object.keys(manifest).find((k) => new RegExp(`scenes/${file}\\.ts$`).test(manifest[k].src ?? k));
    if (key) screens[name] = sumKiB(manifest, beyond(closure(manifest, key), firstLoad));
  }
  const games: Record<string, number> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const m = /games\/(\w+)\/\w+Renderer\.ts$/.exec(chunk.src ?? key);
    if (!chunk.isDynamicEntry || !m) continue;
    const game = GAME_OF_FOLDER[m[1]] ?? m[1];
    const texts = Object.keys(manifest).filter((k) => new RegExp(`locales/en/(${game}|table_${game}|rules_${game})\\.json$`).test(k));
    const own = new Set([...closure(manifest, key), ...texts.flatMap((k) => [...closure(manifest, k)])]);
    games[game] = sumKiB(manifest, beyond(own, firstLoad, drawn));
  }
  return { screens, games };
}

async function loadOnce(url: string): Promise<{ kib: number; requests: number; interactiveMs: number }> {
  const profile = mkdtempSync(join(tmpdir(), 'junction-firstload-'));
  const browser = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, args: FLAGS, viewport: { width: 390, height: 844 } });
  try {
    const page = browser.pages()[0] ?? await browser.newPage();
    let bytes = 0;
    let requests = 0;
    page.on('requestfinished', (request) => {
      requests += 1;
      void request.sizes().then((s) => { bytes += s.responseBodySize + s.responseHeadersSize; }).catch(() => undefined);
    });
    await page.goto(url);
    // Interactive: the lobby's game choice can be tapped (gallery card or the quick-play button).
    await page.locator('[data-testid^="game-"], [data-testid="quick-play"]').first().waitFor({ state: 'visible', timeout: 30_000 });
    const interactiveMs = await page.evaluate(() => performance.now());
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    return { kib: Math.round((bytes / 1024) * 10) / 10, requests, interactiveMs: Math.round(interactiveMs) };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export async function runScenario(values: { trials?: string }, withServers: (n: number, run: (s: ServerProcess[]) => Promise<object>) => Promise<object>): Promise<object> {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  // The shared --trials default (200) is meant for the fairness bench: 5 cold loads unless 1–20 are asked for.
  const asked = Number(values.trials);
  const trials = asked >= 1 && asked <= 20 ? asked : 5;
  return withServers(1, async ([server]) => {
    const url = `http://127.0.0.1:${server.port}/`;
    const runs: { kib: number; requests: number; interactiveMs: number }[] = [];
    for (let i = 0; i < trials; i++) runs.push(await loadOnce(url));
    const sorted = (k: 'kib' | 'interactiveMs') => runs.map((r) => r[k]).sort((a, b) => a - b);
    return {
      scenario: 'firstload',
      trials,
      firstLoadKiBOnWire: { median: sorted('kib')[Math.floor(trials / 2)], max: sorted('kib')[trials - 1] },
      interactiveMs: { median: sorted('interactiveMs')[Math.floor(trials / 2)], max: sorted('interactiveMs')[trials - 1] },
      requests: runs[0].requests,
      onDemandKiBGzip: onDemandChunks(manifest).screens,
      gameChunkKiBGzip: onDemandChunks(manifest).games,
    };
  });
}
