/** Debian's Chromium driven by playwright-core (never a downloaded browser), with a fresh profile. */
import { afterAll, beforeAll } from 'vitest';
import { chromium, type BrowserContext } from 'playwright-core';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootServer, type TestServer } from './server.js';

export const CHROMIUM = '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

/** A fresh profile directory each launch (playwright passes it as --user-data-dir). */
export async function launchChromium(): Promise<BrowserContext> {
  const profile = mkdtempSync(join(tmpdir(), 'junction-chromium-'));
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 860 },
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

/** Browser tests run where Chromium is installed; under CI=true a missing Chromium is a failure, not a skip. */
export const browserTestsRun = chromiumAvailable() || process.env.CI === 'true';
if (!chromiumAvailable()) console.warn('[skip] /usr/bin/chromium is missing: apt-get install -y chromium');

export interface BrowserTestEnv { server: TestServer; browser: BrowserContext }

/** For one test file: a real server serving the built client, and a fresh Chromium (filled in before the tests run). */
export function useServerAndBrowser(): BrowserTestEnv {
  const env = {} as BrowserTestEnv;
  beforeAll(async () => {
    if (!existsSync('dist/client/index.html')) throw new Error('the client is not built: run `npm run build` (npm test does)');
    env.server = await bootServer();
    env.browser = await launchChromium();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
