/**
 * Two real Chromium pages: one creates a private Railway Madness table, the other joins it by its
 * code, the host adds a bot and starts, and both play by clicking cards on the canvas until both
 * see the result screen. And a race: both click the same card at once; the loser is shown why,
 * with the winner's name.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserTestsRun, failureScreenshot, useServerAndBrowser } from '../support/browser.js';

const env = useServerAndBrowser();

/** Where to click to take a card that fits my train, read from what this page's client decoded. */
async function matchingCardPoint(page: Page): Promise<{ x: number; y: number } | null> {
  return page.evaluate(() => {
    const game = (window as unknown as { junction: any }).junction;
    const scene = game.scene.getScene('table');
    const room = scene?.connection?.room;
    const views = room && room.state.phase === 'playing' ? scene.connection.views() : null;
    if (!views) return null;
    const pub = views.publicView;
    const me = room.state.players.get(room.sessionId);
    const mine = views.seatView ?? { train: [] };
    const loco = pub.players[me.seat].locomotive;
    const last = mine.train[mine.train.length - 1] ?? loco;
    const fits = (c: any) => c.type === last.type || c.colour === last.colour || c.wheels === last.wheels;
    const slot = pub.table.findIndex((t: any) => t && t.car && fits(t.car));
    if (slot < 0) return null;
    // Pieces sit in the renderer's stage, a few containers down (client/games/stage.ts).
    const all = (list: any[]): any[] => list.flatMap((o: any) => [o, ...(o.list ? all(o.list) : [])]);
    const sprite = all(scene.children.list).find((o: any) => o.getData?.('slot') === slot);
    if (!sprite) return null;
    const b = sprite.getBounds();
    const canvas = game.canvas.getBoundingClientRect();
    return { x: canvas.left + b.centerX, y: canvas.top + b.centerY };
  });
}

/** The screen point of the card in `slot` on this page's canvas, or null when it is not drawn. */
async function slotPoint(page: Page, slot: number): Promise<{ x: number; y: number } | null> {
  return page.evaluate((slot) => {
    const game = (window as unknown as { junction: any }).junction;
    const scene = game.scene.getScene('table');
    const all = (list: any[]): any[] => list.flatMap((o: any) => [o, ...(o.list ? all(o.list) : [])]);
    const sprite = all(scene?.children.list ?? []).find((o: any) => o.getData?.('slot') === slot);
    if (!sprite) return null;
    const b = sprite.getBounds();
    const canvas = game.canvas.getBoundingClientRect();
    return { x: canvas.left + b.centerX, y: canvas.top + b.centerY };
  }, slot);
}

/** What this page's table knows: the first face-up card's slot, its version, and the toast shown. */
async function tableNow(page: Page): Promise<{ slot: number; version: number; toast: string | null }> {
  return page.evaluate(() => {
    const scene = (window as unknown as { junction: any }).junction.scene.getScene('table');
    const room = scene?.connection?.room;
    const pub = (scene?.connection?.views()?.publicView as { table: unknown[] } | undefined) ?? { table: [] };
    return {
      slot: pub.table.findIndex((t: unknown) => t !== null),
      version: room?.state.version ?? -1,
      toast: scene?.toast?.visible ? String(scene.toast.text) : null,
    };
  });
}

async function playUntilResult(page: Page): Promise<void> {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (await page.locator('#result').isVisible().catch(() => false)) return;
    const point = await matchingCardPoint(page);
    if (point) await page.mouse.click(point.x, point.y);
    await page.waitForTimeout(250);
  }
  const screenshot = await failureScreenshot(page, 'railway-stuck');
  const debug = await page.evaluate(() => {
    const scene = (window as unknown as { junction: any }).junction.scene.getScene('table');
    const room = scene?.connection?.room;
    return room ? { phase: room.state.phase, version: room.state.version, last: scene.connection.log().at(-1)?.msg, seat: scene.connection.views()?.seatView } : 'no room';
  });
  throw new Error(`no result screen within 90 s: ${JSON.stringify(debug)} ${JSON.stringify(await matchingCardPoint(page))} (screenshot: ${screenshot})`);
}

describe.skipIf(!browserTestsRun)('Railway Madness in the browser', () => {
  it('a private table by code, two players and a bot, played to the result screen', async () => {
    const host = await env.browser.newPage();
    const guest = await (await env.otherPlayer()).newPage(); // another identity: a page of the host's profile would take the host's seat
    const pageErrors: string[] = [];
    for (const p of [host, guest]) p.on('pageerror', (e) => pageErrors.push(e.message));

    await host.goto(env.server.http);
    await host.fill('#name', 'Host');
    await host.click('[data-testid=game-railway_madness]');
    await host.click('[data-testid=variant-juniors]');
    await host.fill('#option-players', '3');
    await host.click('[data-testid=create-private]');
    const codeText = await host.locator('#table-code').textContent({ timeout: 30_000 });
    const code = /([A-Z2-9]{8})/.exec(codeText ?? '')?.[1];
    expect(code).toBeTruthy();

    await guest.goto(env.server.http);
    await guest.fill('#name', 'Guest');
    await guest.fill('[data-testid=join-code]', code!.toLowerCase());
    await guest.click('[data-testid=join]');
    await guest.getByText('The host starts the game.').waitFor({ timeout: 30_000 }).catch(async (e) => { console.log('GUEST', pageErrors, await guest.locator('.jn-error').textContent().catch(() => '?'), await guest.evaluate(() => document.body.innerText.slice(0, 800))); throw e; });

    await host.click('[data-testid=add-bot]');
    await host.getByText('3 of 3 seats taken.').waitFor({ timeout: 30_000 });
    await host.click('[data-testid=start]');

    await Promise.all([playUntilResult(host), playUntilResult(guest)]);
    await expect(host.locator('#result').textContent()).resolves.toMatch(/Game over/);
    await expect(guest.locator('#result').textContent()).resolves.toMatch(/Host|Guest|Bot/);
    expect(pageErrors).toEqual([]);
  }, 180_000);

  it('two players click the same card at once: one gets it, the other is told who took it first', async () => {
    const host = await env.browser.newPage();
    const guest = await (await env.otherPlayer()).newPage(); // another identity: a page of the host's profile would take the host's seat
    const pageErrors: string[] = [];
    for (const p of [host, guest]) p.on('pageerror', (e) => pageErrors.push(e.message));
    await host.goto(env.server.http);
    await host.fill('#name', 'Ada');
    await host.click('[data-testid=game-railway_madness]');
    await host.click('[data-testid=variant-juniors]');
    await host.fill('#option-players', '2');
    await host.click('[data-testid=create-private]');
    const code = /([A-Z2-9]{8})/.exec((await host.locator('#table-code').textContent({ timeout: 30_000 })) ?? '')?.[1];
    await guest.goto(env.server.http);
    await guest.fill('#name', 'Bea');
    await guest.fill('[data-testid=join-code]', code!);
    await guest.click('[data-testid=join]');
    await host.getByText('2 of 2 seats taken.').waitFor({ timeout: 30_000 });
    await host.click('[data-testid=start]');

    const names = new Map([[host, 'Ada'], [guest, 'Bea']]);
    let refusal: { loser: Page; text: string } | null = null;
    for (let attempt = 0; attempt < 15 && !refusal; attempt++) {
      // Both pages show the same table, with the same card first.
      const [h, g] = await Promise.all([tableNow(host), tableNow(guest)]);
      if (h.version !== g.version || h.slot < 0 || h.slot !== g.slot) { await host.waitForTimeout(200); continue; }
      const points = await Promise.all([slotPoint(host, h.slot), slotPoint(guest, h.slot)]);
      if (!points[0] || !points[1]) { await host.waitForTimeout(200); continue; }
      await Promise.all([host.mouse.click(points[0].x, points[0].y), guest.mouse.click(points[1].x, points[1].y)]);
      const deadline = Date.now() + 3000;
      while (!refusal && Date.now() < deadline) {
        for (const page of [host, guest]) {
          const toast = (await tableNow(page)).toast;
          if (toast && /took that card first/.test(toast)) refusal = { loser: page, text: toast };
        }
        await host.waitForTimeout(50);
      }
      await host.waitForTimeout(500);
    }
    expect(refusal, 'one of the pages lost a race within 15 tries').not.toBeNull();
    const winner = refusal!.loser === host ? guest : host;
    // A player shows with their guest identity's tag ("Ada#4821") once the browser has one.
    expect(refusal!.text).toMatch(new RegExp(`^Too late: ${names.get(winner)}(#\\d{4})? took that card first\\.$`));
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
