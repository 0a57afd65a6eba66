/**
 * Web Push in the page and the service worker (issue 25) in real Chromium: the lobby's settings offer
 * the two kinds of notification, each its own switch (push only where the server has VAPID keys); a
 * push delivered to the service worker (DevTools' ServiceWorker.deliverPushMessage: no push service
 * is needed) is shown as a notification with the server's words and the table to open, and a payload
 * that is not the server's shape (another origin's address) shows nothing.
 */
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { CDPSession, Page } from 'playwright-core';
import { browserTestsRun, failureScreenshot, useServerAndBrowser } from '../support/browser.js';
import { eventually } from '../support/server.js';

const vapid = webpush.generateVAPIDKeys();
const env = useServerAndBrowser({ server: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey } });

interface Shown { title: string; body: string; tag: string; data: { url?: string } | null }

async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  const seen: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: typeof seen }) => seen.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  return eventually(() => seen.find((r) => r.scopeURL === scope && !r.isDeleted)?.registrationId, 30_000, 'the service worker registration');
}

const shown = (page: Page) => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications())
  .map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as { url?: string } | null })));

describe.skipIf(!browserTestsRun)('Web Push in the browser', () => {
  it('offers both switches, and the service worker shows a pushed "your turn" with the table to open', async () => {
    await env.browser.grantPermissions(['notifications'], { origin: env.server.http });
    const page = await env.browser.newPage();
    try {
      await page.goto(env.server.http);
      await page.locator('#name').waitFor({ timeout: 30_000 });
      // A retry runs in the same browser profile: start from the default setting, as a new player does.
      await page.evaluate(() => localStorage.removeItem('junction.turnAlerts'));
      await page.reload();
      await page.locator('#name').waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 60_000 });
      await page.getByTestId('alerts-in-page').waitFor({ timeout: 30_000 });
      await page.getByTestId('alerts-push').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('alerts-in-page').isChecked()).toBe(false);
      await page.getByTestId('alerts-in-page').check();
      await eventually(() => page.evaluate(() => localStorage.getItem('junction.turnAlerts') === 'on'), 10_000, 'in-page notices on');

      const cdp = await env.browser.newCDPSession(page);
      const id = await registrationId(cdp, `${env.server.http}/`);
      const deliver = (data: unknown) => cdp.send('ServiceWorker.deliverPushMessage', { origin: env.server.http, registrationId: id, data: JSON.stringify(data) });
      const first = { kind: 'your_turn', title: 'À vous de jouer au Traffic Tango avec Ana', body: 'Ouvrez la table pour jouer votre coup.', tag: 'turn-abc123', url: '/#/table/abc123' };
      await deliver(first);
      const anyShown = async () => { const n = await shown(page); return n.length > 0 ? n : undefined; };
      // A push service keeps a message until the browser has taken it; DevTools' delivery to a worker
      // that is being started does not, and on a loaded CI machine one was seen lost (nothing shown
      // in 30 s). Delivered once more (same tag: it would replace, not add), said in the log.
      const notes = await eventually(anyShown, 20_000, 'a notification').catch(async () => {
        console.warn('[push] nothing shown 20 s after the delivery: delivered again');
        await deliver(first);
        return eventually(anyShown, 30_000, 'a notification');
      });
      expect(notes).toEqual<Shown[]>([{ title: 'À vous de jouer au Traffic Tango avec Ana', body: 'Ouvrez la table pour jouer votre coup.', tag: 'turn-abc123', data: { url: '/#/table/abc123' } }]);

      await deliver({ kind: 'your_turn', title: 'Phish', body: 'x', tag: 'turn-evil', url: 'https://evil.example/#/table/abc' });
      await deliver({ kind: 'your_turn', title: 'Again', body: 'y', tag: 'turn-abc123', url: '/#/table/abc123' });
      // The same tag replaces the notification (one per table); the foreign address was never shown.
      await eventually(async () => (await shown(page)).some((n) => n.title === 'Again'), 30_000, 'the second push shown');
      expect((await shown(page)).map((n) => n.tag)).toEqual(['turn-abc123']);
      await cdp.detach();
    } catch (error) {
      console.error('screenshot:', await failureScreenshot(page, 'push'));
      throw error;
    } finally {
      await page.close();
    }
  }, 180_000);
});
