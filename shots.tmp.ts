import { mkdtempSync } from 'node:fs';
import { bootServer } from './test/support/server.js';
import { launchChromium } from './test/support/browser.js';
const dir = mkdtempSync('/tmp/firstload-shots-');
const server = await bootServer();
const { browser, close } = await launchChromium();
try {
  for (const vp of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    const page = await browser.newPage();
    await page.setViewportSize(vp);
    await page.goto(server.http);
    await page.locator('[data-testid^=game-]').first().waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${dir}/lobby-${vp.width}.png` });
    await page.click('[data-testid=howto-railway_madness]');
    await page.locator('[data-testid=howto] figure img').first().waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${dir}/howto-${vp.width}.png` });
    await page.keyboard.press('Escape');
    await page.locator('[data-testid^=game-]').first().waitFor();
    await page.click('[data-testid=game-traffic_tango]');
    await page.click('[data-testid=quick-play]');
    await page.locator('.jn-frame, [data-testid=frame]').first().waitFor({ timeout: 60000 }).catch(() => undefined);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${dir}/table-${vp.width}.png` });
    const phaser = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /phaser/.test(e.name)).length);
    console.log(vp.width, 'phaser fetched', phaser);
    await page.close();
  }
} finally {
  await close();
  await server.stop();
}
console.log(dir);
