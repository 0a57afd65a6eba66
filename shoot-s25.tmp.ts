// One-off: screenshots of Your games with a filling turn-based queue table (not committed).
import { chromium } from 'playwright-core';
import { bootServer, ready } from './test/support/server.js';

const server = await bootServer({});
const guest = async () => (await (await fetch(`${server.http}/api/identity`, { method: 'POST' })).json()) as { token: string };
const ana = await guest();
const bo = await guest();
const room = await ready(await server.client().joinOrCreate('rush_hour', { pace: 'turn', moveClock: '12h', players: 4, token: ana.token }));
const room2 = await ready(await server.client().joinOrCreate('rush_hour', { pace: 'turn', moveClock: '12h', players: 4, token: bo.token }));
// A playing private turn-based game too, to see both lines together.
const host = await ready(await server.client().create('traffic_tango', { private: true, pace: 'turn', moveClock: '24h', token: ana.token }));
const other = await ready(await server.client().joinById(host.roomId, { token: bo.token }));
host.send('start', {});
await new Promise((r) => setTimeout(r, 2000));
await room.leave(false); await host.leave(false);
await new Promise((r) => setTimeout(r, 1500));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const lang of ['en', 'fr']) {
  for (const [w, h] of [[390, 844], [1280, 800]]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    await ctx.addInitScript(([token, l]) => { localStorage.setItem('junction.identity', token); localStorage.setItem('junction.lang', l); }, [ana.token, lang]);
    const page = await ctx.newPage();
    await page.goto(server.http);
    await page.locator(`[data-testid=resume-${room.roomId}]`).waitFor({ timeout: 30_000 });
    await page.locator('#your-games').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots-s25/yours-${lang}-${w}x${h}.png` });
    console.log(lang, w, await page.locator('#your-games').innerText());
    await ctx.close();
  }
}
await browser.close();
await room2.leave(true); await other.leave(false);
await server.stop();
process.exit(0);
