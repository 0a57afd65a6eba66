/**
 * Issue 26: a renderer keeps its texts, buttons and boxes on the stage by key, so drawing the same
 * views again makes and destroys nothing. The table is redrawn twice in one turn of the page's event
 * loop (no patch can land between): every object under the table's layer after the second draw is
 * one that was there after the first, and none of those was destroyed.
 */
import { describe, expect, it } from 'vitest';
import { browserTestsRun, useServerAndBrowser } from '../support/browser.js';
import { startDefaultTable } from '../support/openTable.js';

const env = useServerAndBrowser();

const GAMES = ['car_exchange', 'traffic_tango', 'rush_hour', 'bip_bip'];

describe.skipIf(!browserTestsRun)('renderers keep their labels and buttons between renders', () => {
  it.each(GAMES)('%s: a redraw of the same views makes and destroys nothing', async (game) => {
    const page = await env.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await startDefaultTable(page, env.server.http, game);
    const result = await page.evaluate(() => {
      const scene = (window as unknown as { junction: any }).junction.scene.getScene('table');
      const all = (list: any[], out: any[] = []): any[] => {
        for (const o of list) { out.push(o); if (Array.isArray(o.list)) all(o.list, out); }
        return out;
      };
      scene.redraw();
      const before = all(scene.layer.list);
      const destroyed: string[] = [];
      for (const o of before) o.once('destroy', () => destroyed.push(`${o.type}:${o.text ?? ''}`));
      scene.redraw();
      const after = all(scene.layer.list);
      const known = new Set(before);
      return {
        texts: before.filter((o) => o.type === 'Text').length,
        made: after.filter((o) => !known.has(o)).map((o) => `${o.type}:${o.text ?? ''}`),
        destroyed,
      };
    });
    expect(result.texts).toBeGreaterThan(3);
    expect(result.made).toEqual([]);
    expect(result.destroyed).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
