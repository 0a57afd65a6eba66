/** Railway Madness's panel at six seats: my area keeps room for my train, the rivals fit in what is left (issue 27). */
import { describe, expect, it } from 'vitest';
import { LABEL_H, myAreaNeed, panelNeed, planPanel, rivalGrid, trainCard, trainLines, type Box } from '../../client/games/railway/panelLayout.js';

const bottom = (b: Box) => b.y + b.h;
const rivalsBottom = (plan: ReturnType<typeof planPanel>, rivals: number) => plan.rivals.y + Math.ceil(rivals / plan.rivals.perRow) * plan.rivals.boxH;

describe('the Railway Madness panel', () => {
  // Panels measured in Chromium at six seats (test/browser/railway-layout.browser.test.ts), with the
  // hand row each had: a phone upright, a phone on its side, a desktop.
  const panels: [string, Box, number, { w: number; h: number }][] = [
    ['390×844', { x: 0, y: 329, w: 378, h: 241 }, 58, { w: 37, h: 36 }],
    ['844×390', { x: 450, y: 0, w: 232, h: 288 }, 60, { w: 38, h: 38 }],
    ['1280×800', { x: 0, y: 403, w: 1038, h: 299 }, 84, { w: 52, h: 62 }],
  ];

  it.each(panels)('at %s, five rivals and my train stay inside it', (_size, panel, handRow, cap) => {
    for (const [cars, smallest] of [[16, 20], [22, 16]]) {
      const plan = planPanel({ panel, rivals: 5, seated: true, cap, handRow, trainCars: cars });
      const me = plan.me!;
      expect(bottom(me)).toBeLessThanOrEqual(bottom(panel) + 0.01);
      if (!plan.split) expect(rivalsBottom(plan, 5)).toBeLessThanOrEqual(me.y);
      else expect(rivalsBottom(plan, 5)).toBeLessThanOrEqual(bottom(panel));
      // The train's cars below the hand row, wrapped, at a size that still shows the car.
      const height = me.h - LABEL_H - handRow - 2;
      const car = trainCard(cars, me.w, height);
      expect(trainLines(cars, me.w, car.w) * (car.h + 3)).toBeLessThanOrEqual(height);
      expect(car.w, `${cars - 2} cars`).toBeGreaterThanOrEqual(smallest);
      // The rivals' boxes hold both their cards side by side and never spill sideways.
      expect(plan.rivals.boxW).toBeGreaterThanOrEqual(2 * plan.rivals.card.w + 14);
      expect(plan.rivals.x + plan.rivals.perRow * plan.rivals.boxW).toBeLessThanOrEqual(panel.x + panel.w + 0.01);
    }
  });

  it('gives the rivals the largest cards that fit, and more boxes to a row before smaller cards', () => {
    const roomy = rivalGrid({ x: 0, y: 0, w: 500, h: 400 }, 5, { w: 52, h: 62 });
    expect(roomy.card).toEqual({ w: 52, h: 62 });
    const tight = rivalGrid({ x: 0, y: 0, w: 378, h: 130 }, 5, { w: 37, h: 44 });
    // Two rows of four would need 37 px cards in 160 px: one row of five, with the largest card that fits it.
    expect(tight.perRow).toBe(5);
    expect(tight.card.w).toBe(29);
    expect(Math.ceil(5 / tight.perRow) * tight.boxH).toBeLessThanOrEqual(130);
  });

  it('keeps my area the same size while the train is short, so the board does not move with every car', () => {
    expect(myAreaNeed(378, 60, 2)).toBe(myAreaNeed(378, 60, 10));
    expect(myAreaNeed(378, 60, 40)).toBeGreaterThan(myAreaNeed(378, 60, 10));
  });

  it('a spectator gets every seat as a rival box and no area of its own', () => {
    const plan = planPanel({ panel: { x: 0, y: 0, w: 378, h: 250 }, rivals: 6, seated: false, cap: { w: 37, h: 44 }, handRow: 60, trainCars: 0 });
    expect(plan.me).toBeNull();
    expect(rivalsBottom(plan, 6)).toBeLessThanOrEqual(250);
    expect(panelNeed(378, 6, false, 60)).toBeLessThan(panelNeed(378, 5, true, 60) + 200);
  });
});
