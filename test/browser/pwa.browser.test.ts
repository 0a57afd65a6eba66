/**
 * The installable app (issue 30) in real Chromium against a real server: Chromium finds the page
 * installable (DevTools' Page.getInstallabilityErrors), /favicon.ico and the icons are served, the
 * service worker takes control; a finished public game whose replay was opened is kept on the
 * device, and with the network cut a reload shows the offline page, in English then in French,
 * listing that game. No cache holds an API answer or a token.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { browserTestsRun, failureScreenshot, useServerAndBrowser } from '../support/browser.js';
import { eventually } from '../support/server.js';
import { finishedPublicGame } from '../support/finishedGame.js';

const env = useServerAndBrowser();

async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 60_000 });
}

/** Every URL held in any cache of this origin. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(`${name} ${new URL(request.url).pathname}`);
    return urls;
  });
}

describe.skipIf(!browserTestsRun)('installable app and offline page', () => {
  it('Chromium reports the page installable; favicon, icons and manifest are served', async () => {
    const page = await env.browser.newPage();
    try {
      await page.goto(env.server.http);
      await page.locator('#name').waitFor({ timeout: 30_000 });
      await controlledByServiceWorker(page);
      const cdp = await env.browser.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors') as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest') as { url: string; errors: unknown[] };
      expect(manifest.url).toBe(`${env.server.http}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      await cdp.detach();
      for (const path of ['/favicon.ico', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png', '/icons/apple-touch-icon.png']) {
        const res = await fetch(`${env.server.http}${path}`);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-type'), path).toMatch(/^image\//);
      }
    } catch (error) {
      console.error('screenshot:', await failureScreenshot(page, 'pwa-installable'));
      throw error;
    } finally {
      await page.close();
    }
  }, 120_000);

  it('offline, a reload shows the offline page in the player\'s language with the finished replay kept', async () => {
    const id = await finishedPublicGame(env.server);
    const page = await env.browser.newPage();
    try {
      await page.goto(`${env.server.http}/replay/${id}`);
      await page.locator('#replay-position').waitFor({ timeout: 60_000 });
      await controlledByServiceWorker(page);
      await eventually(async () => (await cachedUrls(page)).some((u) => u === `junction-replays /offline/replays/${id}`), 30_000, 'the replay kept');
      // The service worker holds the build and nothing else: no API answer, no token.
      const urls = await cachedUrls(page);
      expect(urls.filter((u) => /\s\/(api|matchmake)\b/.test(u))).toEqual([]);
      // ... and all of it: both pages and every chunk of every game (the build's own list).
      const built = Object.values(JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>).map((c) => `/${c.file}`);
      const shell = new Set(urls.filter((u) => u.startsWith('junction-shell-')).map((u) => u.split(' ')[1]));
      expect([...built, '/index.html', '/offline.html', '/favicon.ico'].filter((path) => !shell.has(path))).toEqual([]);
      const token = await page.evaluate(() => localStorage.getItem('junction.identity'));
      expect(token).toBeTruthy();
      const cachedText = await page.evaluate(async () => {
        let text = '';
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) if (!/\.(png|ico)$/.test(request.url)) text += await (await cache.match(request))!.text();
        }
        return text;
      });
      expect(cachedText.includes(token!)).toBe(false);

      await env.browser.setOffline(true);
      await page.evaluate(() => localStorage.setItem('junction.lang', 'en'));
      await page.reload();
      await expect(page.locator('#offline h1').textContent({ timeout: 30_000 })).resolves.toBe('You are offline');
      const item = page.locator(`[data-replay="${id}"]`);
      await expect(item.locator('h3').textContent({ timeout: 30_000 })).resolves.toBe('Traffic Memory');
      await expect(item.locator('ol li').count()).resolves.toBe(2);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');

      if (process.env.PWA_SHOTS) await page.screenshot({ path: `${process.env.PWA_SHOTS}/offline-en.png` });
      await page.evaluate(() => localStorage.setItem('junction.lang', 'fr'));
      await page.reload();
      await expect(page.locator('#offline h1').textContent({ timeout: 30_000 })).resolves.toBe('Vous êtes hors ligne');
      await expect(page.locator(`[data-replay="${id}"] h3`).textContent({ timeout: 30_000 })).resolves.toBe('Traffic Memory');
      await expect(page.locator(`[data-replay="${id}"] p`).textContent()).resolves.toMatch(/^Terminée le /);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('fr');
      // The offline page passes axe-core too (no serious or critical violation).
      await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(d: Document): Promise<{ violations: { id: string; impact: string | null }[] }> } }).axe;
        return (await axe.run(document)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
      });
      expect(violations).toEqual([]);

      // Back online, the app itself opens again.
      await env.browser.setOffline(false);
      await page.goto(env.server.http);
      await page.locator('#name').waitFor({ timeout: 30_000 });
    } catch (error) {
      console.error('screenshot:', await failureScreenshot(page, 'pwa-offline'));
      throw error;
    } finally {
      await env.browser.setOffline(false);
      await page.close();
    }
  }, 400_000);
});
