/** A private table from the lobby in a chosen language, variant, seat count and options, started against bots. */
import type { Page } from 'playwright-core';

export interface TableSpec { id: string; variant: string; players: number; lang: 'en' | 'fr'; options: Record<string, unknown> }

/** Opens and starts the table; refusals the server sends this page are collected in `window.refused`. */
export async function openTable(page: Page, http: string, game: TableSpec): Promise<void> {
  await page.goto(http);
  await page.evaluate((l) => { localStorage.setItem('junction.lang', l); localStorage.removeItem('junction.textView'); }, game.lang);
  await page.reload();
  await page.fill('#name', 'Kim');
  await page.click(`[data-testid=game-${game.id}]`);
  const variant = page.locator(`[data-testid=variant-${game.variant}]`);
  if (await variant.count()) await variant.click();
  const seats = page.locator('[data-testid=option-players]');
  if (await seats.isEnabled()) {
    await seats.fill(String(game.players));
    await seats.press('Tab');
  }
  await page.click('[data-testid=create-private]');
  await page.locator('[data-testid=start]').waitFor({ timeout: 30_000 });
  await page.evaluate((options) => {
    const w = window as unknown as { junction: any; refused: { code: string }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
    const room = w.junction.scene.getScene('table').connection.room;
    w.refused = [];
    room.onMessage('error', (m: { code: string }) => w.refused.push(m));
    if (Object.keys(options).length) room.send('configure', { options });
  }, game.options);
  await page.waitForTimeout(300);
  await page.click('[data-testid=start]');
  await page.waitForFunction(() => (window as unknown as { junction: any }).junction.scene.getScene('table')?.connection?.room?.state?.phase === 'playing', // eslint-disable-line @typescript-eslint/no-explicit-any
    undefined, { timeout: 30_000 });
}

/**
 * A private table of `game` at its default options, opened from the lobby and started, once the
 * game's renderer has drawn into the table's layer (not the frame's placeholder for a game without one).
 */
export async function startDefaultTable(page: Page, http: string, game: string): Promise<void> {
  await page.goto(http);
  await page.fill('#name', 'Tester');
  await page.click(`[data-testid=game-${game}]`);
  await page.click('[data-testid=create-private]');
  await page.click('[data-testid=start]', { timeout: 30_000 });
  await page.waitForFunction(() => {
    const scene = (window as unknown as { junction: any }).junction.scene.getScene('table');
    const drawn: any[] = scene?.layer?.list ?? [];
    return scene?.connection?.room?.state?.phase === 'playing' && scene.gameRenderer && drawn.length > 0
      && !drawn.some((o) => o.text === 'This game has no table view yet.');
  }, undefined, { timeout: 30_000 });
}
