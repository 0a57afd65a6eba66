/** axe-core (inside the page) for browser tests: the serious and critical violations, named with where they were found. */
import type { Page } from 'playwright-core';
import { createRequire } from 'node:module';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface Violation { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] }

/** Violations inside `selector` (the whole document when omitted). */
export async function seriousViolations(page: Page, where: string, selector?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(sel ? { include: [sel] } : document, { resultTypes: ['violations'] })).violations;
  }, selector ?? null) as Violation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ')).join(' | ')}`);
}
