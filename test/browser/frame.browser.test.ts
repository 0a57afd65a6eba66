/**
 * The table frame in Chromium at a phone in portrait (390×844), a phone in landscape (844×390)
 * and a desktop (1280×800): a private Traffic Memory table with a strong bot, screenshotted in
 * the waiting room, during play and on the result screen, each screenshot checked for
 * overlapping or clipped text and small tap targets; the move log fills, mute toggles and is
 * remembered, Leave asks first, and the result screen offers a rematch.
 * Screenshots go to a fresh temporary folder removed afterwards (set FRAME_SHOTS=<dir> to keep copies).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserTestsRun, failureScreenshot, useServerAndBrowser } from '../support/browser.js';
import { describeProblems, layoutProblems } from '../support/layoutCheck.js';

const env = useServerAndBrowser();
const shots = mkdtempSync(join(tmpdir(), 'junction-frame-'));
afterAll(() => rmSync(shots, { recursive: true, force: true }));

const SIZES = [
  { name: 'portrait', width: 390, height: 844 },
  { name: 'landscape', width: 844, height: 390 },
  { name: 'desktop', width: 1280, height: 800 },
];

/** A short game: four cards, a 3 s clock per card (the server opens one on time-out), no reveal pause. */
const SHORT_MEMORY = { players: 2, range: 'custom', from: 1, to: 4, flipMs: 3000, revealMs: 0 };
/** A game that lasts while the frame is looked at: twelve cards, 30 s per card. */
const LONG_MEMORY = { players: 2, range: '1-12', flipMs: 30_000, revealMs: 0 };

async function tableScene<T>(page: Page, read: string): Promise<T> {
  return page.evaluate((body) => {
    const scene = (window as unknown as { junction: any }).junction.scene.getScene('table');
    return new Function('scene', `return (${body});`)(scene);
  }, read) as Promise<T>;
}

/** From the lobby (gallery or select, whichever this lobby has) to my private table's waiting room. */
async function openPrivateTable(page: Page, game: string, options: Record<string, unknown>): Promise<void> {
  await page.goto(env.server.http);
  await page.fill('#name', 'Ada');
  const card = page.locator(`[data-testid=game-${game}]`);
  if (await card.count()) await card.click();
  else await page.selectOption('#game-select', game);
  await page.click('[data-testid=create-private]');
  await page.locator('#waiting-room').waitFor({ timeout: 30_000 });
  // The short game's options go through the host's real `configure` message.
  await tableScene(page, `scene.connection.send('configure', { options: ${JSON.stringify(options)} })`);
  // Applied once the table's synchronised options carry the new clock.
  await expect.poll(() => tableScene<number | null>(page, `JSON.parse(scene.connection.room.state.options.get('flipMs') ?? 'null')`), { timeout: 30_000 }).toBe(options.flipMs);
}

/** Every size: screenshot, then the layout check; returns the problems found, by size. */
async function checkSizes(page: Page, stage: string): Promise<string[]> {
  const found: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(600);
    const path = join(shots, `${stage}-${size.name}.png`);
    await page.screenshot({ path });
    if (process.env.FRAME_SHOTS) {
      mkdirSync(process.env.FRAME_SHOTS, { recursive: true });
      copyFileSync(path, join(process.env.FRAME_SHOTS, `${stage}-${size.name}.png`));
    }
    // The frame's check: its DOM text and targets, the game's texts against the frame's, the
    // game's targets not covered by the frame. The game's own drawing (its texts against each
    // other and the screen edges, its targets' size) is its renderer's, checked by each game's tests.
    const problems = await layoutProblems(page, { game: false });
    if (problems.length && process.env.FRAME_SHOTS) console.log(stage, size.name, describeProblems(problems));
    if (problems.length) found.push(`${stage} at ${size.name}:\n${describeProblems(problems)}`);
  }
  return found;
}

async function phase(page: Page): Promise<string> {
  return tableScene<string>(page, 'scene?.connection?.room?.state?.phase ?? ""');
}

/** Tap what the game offers (if its renderer registers targets) until the result screen shows; clocks do the rest. */
async function playToResult(page: Page): Promise<void> {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (await page.locator('#result').isVisible().catch(() => false)) return;
    const target = await page.evaluate(() => (window as unknown as { junctionTargets?: () => { x: number; y: number; width: number; height: number }[] }).junctionTargets?.()[0] ?? null);
    if (target) await page.mouse.click(target.x + target.width / 2, target.y + target.height / 2);
    else await page.keyboard.press('ArrowRight').then(() => page.keyboard.press('Enter'));
    await page.waitForTimeout(300);
  }
  throw new Error(`no result screen within 90 s (screenshot: ${await failureScreenshot(page, 'frame-stuck')})`);
}

describe.skipIf(!browserTestsRun)('the table frame', () => {
  it('fits phones and desktops in the waiting room and in play, with its clock, keys, log, mute and leave', async () => {
    const page = await env.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPrivateTable(page, 'traffic_memory', LONG_MEMORY);

    // Waiting room: seats, host controls, invite link of the private table.
    await page.click('[data-testid=add-hard-bot]');
    await page.getByText('2 of 2 seats taken.').waitFor({ timeout: 30_000 });
    const code = await tableScene<string>(page, 'scene.connection.room.state.code');
    await expect(page.locator('[data-testid=invite-link]').inputValue()).resolves.toBe(`${env.server.http}/join/${code}`);
    const problems = await checkSizes(page, 'waiting');

    // Mute toggles, and the choice is remembered.
    await page.setViewportSize({ width: 1280, height: 800 });
    const mute = page.locator('[data-testid=mute]');
    await expect(mute.getAttribute('aria-pressed')).resolves.toBe('false');
    await mute.click();
    await expect(mute.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.evaluate(() => localStorage.getItem('junction.mute'))).resolves.toBe('1');
    await mute.click();
    await expect(mute.getAttribute('aria-pressed')).resolves.toBe('false');

    await page.click('[data-testid=start]');
    await expect.poll(() => phase(page), { timeout: 30_000 }).toBe('playing');

    // My turn is unmistakable: the clock says so and both it and the game area are highlighted.
    await expect.poll(() => page.locator('#table-clock').textContent(), { timeout: 60_000 }).toMatch(/^Your turn — \d+ s$/);
    await expect(page.locator('#table-clock.mine').count()).resolves.toBe(1);
    await expect(page.locator('.jn-stage.mine').count()).resolves.toBe(1);
    problems.push(...await checkSizes(page, 'playing'));

    // The key help opens from its button and stays on screen, at every size.
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.waitForTimeout(300);
      await page.click('[data-testid=keys]');
      const panel = await page.locator('[data-testid=keys-help]').boundingBox();
      expect(panel).not.toBeNull();
      expect(panel!.x).toBeGreaterThanOrEqual(0);
      expect(panel!.y).toBeGreaterThanOrEqual(0);
      expect(panel!.x + panel!.width).toBeLessThanOrEqual(size.width);
      expect(panel!.y + panel!.height).toBeLessThanOrEqual(size.height);
      await page.click('[data-testid=keys]');
      await expect(page.locator('[data-testid=keys-help]').isVisible()).resolves.toBe(false);
    }

    // The move log shows what happened (desktop: open in the side column).
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => page.locator('[data-testid=log] li').count(), { timeout: 45_000 }).toBeGreaterThan(1);
    // Sentences, not keys: the log travels with the game's namespace left out of its keys, and the client puts it back.
    const lines = await page.locator('[data-testid=log] li').allTextContents();
    expect(lines.filter((line) => /\b[a-z_]+\.[a-z_]+/.test(line)), lines.join(' / ')).toEqual([]);
    // On a phone the log opens from its button.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.click('[data-testid=log-toggle]');
    await expect(page.locator('[data-testid=log]').isVisible()).resolves.toBe(true);
    await page.click('[data-testid=log-close]');
    await expect(page.locator('[data-testid=log]').isVisible()).resolves.toBe(false);

    // Leave asks first; staying keeps the game.
    await page.click('[data-testid=leave]');
    await page.locator('[data-testid=leave-dialog]').waitFor();
    await page.click('[data-testid=leave-cancel]');
    await expect(page.locator('[data-testid=leave-dialog]').count()).resolves.toBe(0);
    expect(await phase(page)).toBe('playing');

    expect(problems.join('\n\n')).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('a short game ends on a result screen of its own, at every size, with Rematch', async () => {
    const page = await env.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 390, height: 844 });
    await openPrivateTable(page, 'traffic_memory', SHORT_MEMORY);
    await page.click('[data-testid=add-hard-bot]');
    await page.getByText('2 of 2 seats taken.').waitFor({ timeout: 30_000 });
    await page.click('[data-testid=start]');
    await playToResult(page);
    const result = page.locator('#result');
    await expect(result.textContent()).resolves.toMatch(/You won!|You tied|Bot.* wins/);
    // The result took keyboard focus: its headline is read first, Tab goes on to its buttons.
    await expect(page.evaluate(() => document.activeElement?.closest('#result') !== null)).resolves.toBe(true);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.tagName === 'BUTTON' && document.activeElement.closest('#result') !== null)).resolves.toBe(true);
    await expect(page.locator('[data-testid=rematch]').isVisible()).resolves.toBe(true);
    await expect(page.locator('[data-testid=back-to-lobby]').isVisible()).resolves.toBe(true);
    // Nothing of the table shows over or around the result.
    await expect(page.locator('.jn-frame').isVisible()).resolves.toBe(false);
    const problems = await checkSizes(page, 'result');
    expect(problems.join('\n\n')).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  }, 150_000);

  it('in French: the frame fits, and leaving a running game after confirming returns to the lobby', async () => {
    const page = await env.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(env.server.http);
    await page.evaluate(() => localStorage.setItem('junction.lang', 'fr'));
    await openPrivateTable(page, 'traffic_memory', LONG_MEMORY);
    await page.getByText('1 place prise sur 2.').waitFor({ timeout: 30_000 });
    const problems = await checkSizes(page, 'waiting-fr');
    await page.click('[data-testid=start]');
    await expect.poll(() => phase(page), { timeout: 30_000 }).toBe('playing');
    problems.push(...await checkSizes(page, 'playing-fr'));
    expect(problems.join('\n\n')).toBe('');
    await expect.poll(() => page.locator('#table-clock').textContent(), { timeout: 30_000 }).toMatch(/^(À vous|Au tour de .+) — \d+ s$/);
    await page.setViewportSize({ width: 844, height: 390 });
    await page.click('[data-testid=leave]');
    await expect(page.locator('[data-testid=leave-dialog]').textContent()).resolves.toMatch(/Quitter cette partie \?.*Vous abandonnez : un robot joue votre place/);
    await page.click('[data-testid=leave-confirm]');
    await page.locator('[data-testid=game-traffic_memory]').waitFor({ timeout: 30_000 });
    await expect(page.locator('.jn-frame').count()).resolves.toBe(0);
    await page.evaluate(() => localStorage.setItem('junction.lang', 'en'));
    expect(errors).toEqual([]);
    await page.close();
  }, 150_000);

  it('the layout checker finds overlapping and clipped text, small targets and overlapping Phaser texts', async () => {
    const page = await env.browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(env.server.http);
    await page.locator('#name').waitFor();
    // Whatever the lobby itself has is not counted: only what this test adds.
    const before = new Set((await layoutProblems(page)).map((p) => `${p.kind} ${p.what}`));
    await page.evaluate(() => {
      const box = document.createElement('div');
      // Above the lobby's opaque screen: text hidden under it is no problem to the checker.
      box.style.cssText = 'position:fixed;top:0;left:0;z-index:20';
      box.innerHTML = '<div style="position:fixed;top:300px;left:10px">First line</div>'
        + '<div style="position:fixed;top:304px;left:20px">Second line</div>'
        + '<div style="position:fixed;top:400px;left:350px;white-space:nowrap">Runs off the right edge</div>'
        + '<button style="position:fixed;top:500px;left:10px;width:30px;height:30px;min-height:0;padding:0">x</button>';
      document.body.append(box);
    });
    const kinds = (await layoutProblems(page)).map((p) => `${p.kind} ${p.what}`).filter((k) => !before.has(k));
    expect(kinds).toEqual(expect.arrayContaining([
      expect.stringMatching(/^text-overlap div "First line"/),
      expect.stringMatching(/^text-clipped div "Runs off/),
      expect.stringMatching(/^small-target button/),
    ]));
    // The lobby draws nothing with Phaser: Phaser texts are checked in a drawn scene (a replay
    // that does not exist shows its message and Back).
    await page.evaluate(() => { (window as unknown as { junction: any }).junction.scene.start('replay', { id: 'no-such-game' }); });
    await page.locator('[data-testid=replay-back]').waitFor({ timeout: 60_000 });
    const drawnBefore = new Set((await layoutProblems(page)).map((p) => `${p.kind} ${p.what}`));
    await page.evaluate(() => {
      const scene = (window as unknown as { junction: any }).junction.scene.getScene('replay');
      scene.add.text(10, 700, 'Phaser one');
      scene.add.text(20, 705, 'Phaser two');
    });
    const drawnKinds = (await layoutProblems(page)).map((p) => `${p.kind} ${p.what}`).filter((k) => !drawnBefore.has(k));
    expect(drawnKinds).toEqual(expect.arrayContaining([expect.stringMatching(/^phaser-overlap phaser text "Phaser one"/)]));
    await page.close();
  });
});
