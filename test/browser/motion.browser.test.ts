/**
 * Reduced motion in real Chromium (issue 30): the replay of a finished game is stepped through
 * while every drawn object's position, width and opacity is sampled on every animation frame.
 * With `prefers-reduced-motion: reduce`, or with the lobby's setting at "pieces jump", no object is
 * ever seen between where it was and where it goes; with the setting at "pieces fly" (overriding
 * the system's reduce) objects are seen in between, so the check can fail.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserTestsRun, failureScreenshot, useServerAndBrowser } from '../support/browser.js';
import { finishedPublicGame } from '../support/finishedGame.js';

const env = useServerAndBrowser();

/** Starts sampling every object of the replay scene on each animation frame (x, y, scaleX, alpha). */
async function startSampling(page: Page): Promise<void> {
  await page.evaluate(() => {
    const scene = (window as unknown as { junction: any }).junction.scene.getScene('replay');
    const ids = new WeakMap<object, number>();
    let next = 0;
    const samples: Map<number, string>[] = [];
    (window as unknown as { motionSamples: typeof samples }).motionSamples = samples;
    const visit = (obj: any, into: Map<number, string>) => {
      if (!ids.has(obj)) ids.set(obj, next++);
      into.set(ids.get(obj)!, [obj.x, obj.y, obj.scaleX, obj.alpha].map((v: number) => Math.round((v ?? 0) * 100) / 100).join(','));
      for (const child of obj.list ?? []) visit(child, into);
    };
    const frame = () => {
      const now = new Map<number, string>();
      for (const obj of scene.children.list) visit(obj, now);
      samples.push(now);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/**
 * How many times an object was seen in between: a sample that differs from the one before it and
 * from the one after it, while those two differ too (a jump and a stop show no such sample).
 */
function inBetweens(page: Page): Promise<number> {
  return page.evaluate(() => {
    const samples = (window as unknown as { motionSamples: Map<number, string>[] }).motionSamples;
    let count = 0;
    for (let i = 1; i + 1 < samples.length; i++) {
      for (const [id, value] of samples[i]) {
        const before = samples[i - 1].get(id);
        const after = samples[i + 1].get(id);
        if (before !== undefined && after !== undefined && before !== value && after !== value && before !== after) count++;
      }
    }
    return count;
  });
}

async function stepThroughReplay(page: Page, id: string): Promise<number> {
  await page.goto(`${env.server.http}/replay/${id}`);
  const position = page.locator('#replay-position');
  await position.waitFor({ timeout: 60_000 });
  const total = Number(/^1 \/ (\d+)/.exec((await position.textContent())!)![1]);
  await page.waitForTimeout(500);
  await startSampling(page);
  for (let i = 1; i < total; i++) {
    await page.click('[data-testid=replay-step]');
    await expect.poll(() => position.getAttribute('data-index'), { timeout: 30_000 }).toBe(String(i));
    // Long enough for a flight at full motion (240 ms) to be seen frame by frame.
    await page.waitForTimeout(600);
  }
  return inBetweens(page);
}

describe.skipIf(!browserTestsRun)('reduced motion: pieces jump', () => {
  it('jumps under the system\'s reduce, flies when the setting says so, jumps when the setting asks', async () => {
    const id = await finishedPublicGame(env.server);
    const page = await env.browser.newPage();
    try {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(env.server.http);
      await page.evaluate(() => localStorage.removeItem('junction.motion'));
      expect(await stepThroughReplay(page, id)).toBe(0);

      // The lobby's setting overrides the system: pieces fly.
      await page.goto(env.server.http);
      await page.selectOption('#motion-choice', 'full');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('junction.motion'))).toBe('full');
      expect(await stepThroughReplay(page, id)).toBeGreaterThan(0);

      // ... and asks for jumps where the system does not.
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await page.goto(env.server.http);
      await page.selectOption('#motion-choice', 'reduce');
      expect(await stepThroughReplay(page, id)).toBe(0);
    } catch (error) {
      console.error('screenshot:', await failureScreenshot(page, 'motion'));
      throw error;
    } finally {
      await page.close();
    }
  }, 600_000);
});
