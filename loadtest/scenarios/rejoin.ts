/**
 * `npm run bench -- rejoin [--trials 20]`: how long a reload takes to put the player back in their
 * seat, in Debian Chromium at 390×844 against the built server (one process). Seated at a running
 * Traffic-Memory table (a bot in the other seat), the page reloads; the time is from the reload
 * to the table scene showing the same seat connected again (`performance.now()` of the new page,
 * which counts from its navigation). Two paths: `reconnect` (the reconnection token, inside the
 * window: an ordinary reload) and `retake` (the token dropped first, as after the window: the
 * client joins the table by id with its guest token, docs/protocol.md "Retaking a seat").
 */
import { chromium, type Page } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import type { ServerProcess } from '../serverProcess.js';

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Seat { roomId: string; seat: number; connected: boolean; phase: string }

function seatOf(page: Page): Promise<Seat | null> {
  return page.evaluate(() => {
    const j = (window as unknown as { junction?: { scene: { isActive(k: string): boolean; getScene(k: string): { connection?: { room?: any } } | null } } }).junction; // eslint-disable-line @typescript-eslint/no-explicit-any
    if (!j?.scene.isActive('table')) return null;
    const room = j.scene.getScene('table')?.connection?.room;
    const me = room?.state?.players?.get(room.sessionId);
    return me ? { roomId: room.roomId as string, seat: me.seat as number, connected: me.connected as boolean, phase: room.state.phase as string } : null;
  });
}

async function waitFor<T>(check: () => Promise<T | null | undefined | false>, ms: number, what: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check().catch(() => null);
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A running table with this page seated at it (a new quick-play game when the last one ended). */
async function seated(page: Page, url: string): Promise<Seat> {
  const now = await seatOf(page);
  if (now?.phase === 'playing' && now.connected) return now;
  await page.goto(url);
  await page.fill('#name', 'Bench');
  await page.click('[data-testid=game-traffic_memory]');
  await page.fill('#option-players', '2');
  await page.click('[data-testid=quick-play]');
  return waitFor(async () => { const s = await seatOf(page); return s?.phase === 'playing' && s.connected ? s : null; }, 60_000, 'a running table');
}

async function reloadOnce(page: Page, url: string, path: 'reconnect' | 'retake'): Promise<number> {
  const before = await seated(page, url);
  if (path === 'retake') await page.evaluate(() => sessionStorage.removeItem('junction.reconnect'));
  await page.reload();
  await waitFor(async () => { const s = await seatOf(page); return s && s.roomId === before.roomId && s.seat === before.seat && s.connected; }, 60_000, 'back in the seat');
  return Math.round(await page.evaluate(() => performance.now()));
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function runScenario(values: { trials?: string }, withServers: (n: number, run: (s: ServerProcess[]) => Promise<object>, env?: Record<string, string>) => Promise<object>): Promise<object> {
  const asked = Number(values.trials);
  // The shared --trials default (200) is meant for the fairness bench: 20 reloads per path unless 1–100 are asked for.
  const trials = asked >= 1 && asked <= 100 ? asked : 20;
  const loadBefore = loadavg()[0];
  return withServers(1, async ([server]) => {
    const url = `http://127.0.0.1:${server.port}/`;
    const profile = mkdtempSync(join(tmpdir(), 'junction-rejoin-'));
    const browser = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, args: FLAGS, viewport: { width: 390, height: 844 }, hasTouch: true });
    try {
      const page = browser.pages()[0] ?? await browser.newPage();
      const figures: Record<string, { p50: number; p95: number; max: number }> = {};
      for (const path of ['reconnect', 'retake'] as const) {
        const times: number[] = [];
        for (let i = 0; i < trials; i++) times.push(await reloadOnce(page, url, path));
        times.sort((a, b) => a - b);
        figures[path] = { p50: pct(times, 50), p95: pct(times, 95), max: times[times.length - 1] };
      }
      return { scenario: 'rejoin', trials, ms: figures, loadAverage1m: { before: Math.round(loadBefore * 10) / 10, after: Math.round(loadavg()[0] * 10) / 10 } };
    } finally {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }, { QUICKPLAY_FILL_MS: '1000' });
}
