/** Debian's Chromium driven by playwright-core (never a downloaded browser), with a fresh profile. */
import { afterAll, beforeAll } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bootServer, type TestServer } from './server.js';

export const CHROMIUM = '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

/** Chromium with its own fresh profile (playwright passes it as --user-data-dir); `close` also removes the profile. */
export async function launchChromium(options: { hasTouch?: boolean } = {}): Promise<{ browser: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'junction-chromium-'));
  const removeProfile = () => rmSync(profile, { recursive: true, force: true });
  let browser: BrowserContext;
  try {
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1280, height: 860 },
      hasTouch: options.hasTouch ?? false,
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
    });
  } catch (error) {
    removeProfile();
    throw error;
  }
  return {
    browser,
    async close() {
      try {
        await browser.close();
      } finally {
        removeProfile();
      }
    },
  };
}

/**
 * A screenshot for a failing browser test, kept for whoever debugs it: in the repository's
 * git-ignored `test-results/` (not the system temp folder), under a name no other run uses.
 */
export async function failureScreenshot(page: Page, name: string): Promise<string> {
  const dir = resolve('test-results');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}-${process.pid}-${Date.now()}.png`);
  await page.screenshot({ path });
  return path;
}

/** Browser tests run where Chromium is installed; under CI=true a missing Chromium is a failure, not a skip. */
export const browserTestsRun = chromiumAvailable() || process.env.CI === 'true';
if (!chromiumAvailable()) console.warn('[skip] /usr/bin/chromium is missing: apt-get install -y chromium');

export interface BrowserTestEnv {
  server: TestServer;
  browser: BrowserContext;
  /**
   * A second Chromium profile, launched on first use: another player with an identity of their own
   * (pages of one profile share one guest identity, and a second page of it takes the seat over).
   */
  otherPlayer(): Promise<BrowserContext>;
}

/** For one test file: a real server serving the built client, and a fresh Chromium (filled in before the tests run). */
export function useServerAndBrowser(options: { hasTouch?: boolean; server?: Parameters<typeof bootServer>[0] } = {}): BrowserTestEnv {
  const env = {} as BrowserTestEnv;
  let closeBrowser: (() => Promise<void>) | undefined;
  let other: Promise<{ browser: BrowserContext; close(): Promise<void> }> | undefined;
  env.otherPlayer = async () => (await (other ??= launchChromium(options))).browser;
  beforeAll(async () => {
    if (!existsSync('dist/client/index.html')) throw new Error('the client is not built: run `npm run build` (npm test does)');
    env.server = await bootServer(options.server);
    const chromium = await launchChromium(options);
    env.browser = chromium.browser;
    closeBrowser = chromium.close;
  });
  afterAll(async () => {
    await closeBrowser?.();
    await (await other?.catch(() => undefined))?.close();
    await env.server?.stop();
  });
  return env;
}
