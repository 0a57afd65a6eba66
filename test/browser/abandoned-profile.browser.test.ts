/**
 * Abandoned games on the profile, in real Chromium (issue 23): a game whose table is open nowhere
 * is settled as abandoned when asked about, and the player's profile lists it as abandoned, in
 * English and in French, with no raw i18n key on screen.
 */
import { describe, expect, it } from 'vitest';
import { browserTestsRun, useServerAndBrowser } from '../support/browser.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const env = useServerAndBrowser();

describe.skipIf(!browserTestsRun)('an abandoned game on the profile', () => {
  it('is listed as abandoned (EN, FR), not with a place', async () => {
    const { server, browser } = env;
    const guest = await (await fetch(`${server.http}/api/identity`, { method: 'POST' })).json() as Json;
    // A game that started a minute ago at a table no process holds (its process died).
    const gameId = `abandoned${Date.now().toString(36)}`;
    await server.junction.store.startGameSession({
      id: gameId, game: 'took_over', variant: 'classic', options: { variant: 'classic', players: 2 }, seed: 3, startedAt: Date.now() - 60_000,
      seats: [{ seat: 0, name: guest.identity.display, identityId: guest.identity.id, bot: false }, { seat: 1, name: 'Bot 2', identityId: null, bot: true }],
      private: false, rated: true,
    });
    const asked = await (await fetch(`${server.http}/api/games/${gameId}`)).json() as Json;
    expect(asked.status).toBe('abandoned');

    for (const [lang, label] of [['en', 'abandoned (not finished)'], ['fr', 'abandonnée (inachevée)']] as const) {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.addInitScript(([token, language]) => {
        localStorage.setItem('junction.identity', token);
        localStorage.setItem('junction.lang', language);
      }, [guest.token as string, lang]);
      await page.goto(`${server.http}/#/profile/${guest.identity.id}`);
      const line = page.locator(`.jn-game[data-game-id="${gameId}"]`);
      await line.waitFor({ timeout: 30_000 });
      const text = (await line.textContent()) ?? '';
      expect(text).toContain(label);
      expect(text).not.toMatch(/place|players:|abandoned_summary/);
      expect(await page.locator('#games-played').textContent()).toMatch(lang === 'en' ? /^0 games played$/ : /^0 /);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 120_000);
});
