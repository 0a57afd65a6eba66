/** Railway Madness's panel at six seats: my area keeps room for my train, the rivals fit in what is left (issue 27). */
import { describe, expect, it } from 'vitest';
import { LABEL_H, myAreaNeed, panelNeed, planPanel, rivalGrid, trainCard, trainLines, type Box } from '../../client/games/railway/panelLayout.js';

const bottom = (b: Box) => b.y + b.h;
const rivalsBottom = (plan: ReturnType<typeof planPanel>, rivals: number) => plan.rivals.y + Math.ceil(rivals / plan.rivals.perRow) * plan.rivals.boxH;

describe('the Railway Madness panel', () => {
  // Panels measured in Chromium at six seats: a phone upright, a phone on its side, a desktop.
  const panels: [string, Box][] = [
    ['390×844', { x: 0, y: 300, w: 378, h: 200 }],
    ['844×390', { x: 450, y: 0, w: 226, h: 262 }],
    ['1280×800', { x: 0, y: 401, w: 1038, h: 297 }],
  ];
  const cap = { w: 37, h: 44 };

  it.each(panels)('at %s, five rivals and my train of 20 cars stay inside it', (_size, panel) => {
    const plan = planPanel({ panel, rivals: 5, seated: true, cap, handRow: 96, trainCars: 22 });
    expect(plan.me).not.toBeNull();
    const me = plan.me!;
    expect(bottom(me)).toBeLessThanOrEqual(bottom(panel) + 0.01);
    if (!plan.split) expect(rivalsBottom(plan, 5)).toBeLessThanOrEqual(me.y);
    else expect(rivalsBottom(plan, 5)).toBeLessThanOrEqual(bottom(panel));
    // The train's cars below the hand row, wrapped, at a size that still shows the car.
    const height = me.h - LABEL_H - 96 - 2;
    const car = trainCard(22, me.w, height);
    expect(trainLines(22, me.w, car.w) * (car.h + 3)).toBeLessThanOrEqual(height);
    expect(car.w).toBeGreaterThanOrEqual(20);
    // The rivals' boxes hold both their cards side by side and never spill sideways.
    expect(plan.rivals.boxW).toBeGreaterThanOrEqual(2 * plan.rivals.card.w + 14);
    expect(plan.rivals.x + plan.rivals.perRow * plan.rivals.boxW).toBeLessThanOrEqual(panel.x + panel.w + 0.01);
  });

  it('gives the rivals the largest cards that fit, and more boxes to a row before smaller cards', () => {
    const roomy = rivalGrid({ x: 0, y: 0, w: 500, h: 400 }, 5, { w: 52, h: 62 });
    expect(roomy.card).toEqual({ w: 52, h: 62 });
    const tight = rivalGrid({ x: 0, y: 0, w: 378, h: 130 }, 5, { w: 37, h: 44 });
    expect(tight.perRow).toBe(3);
    expect(Math.ceil(5 / tight.perRow) * tight.boxH).toBeLessThanOrEqual(130);
  });

  it('keeps my area the same size while the train is short, so the board does not move with every car', () => {
    expect(myAreaNeed(378, 60, 2)).toBe(myAreaNeed(378, 60, 10));
    expect(myAreaNeed(378, 60, 40)).toBeGreaterThan(myAreaNeed(378, 60, 10));
  });

  it('a spectator gets every seat as a rival box and no area of its own', () => {
    const plan = planPanel({ panel: { x: 0, y: 0, w: 378, h: 250 }, rivals: 6, seated: false, cap, handRow: 60, trainCars: 0 });
    expect(plan.me).toBeNull();
    expect(rivalsBottom(plan, 6)).toBeLessThanOrEqual(250);
    expect(panelNeed(378, 6, false, 60)).toBeLessThan(panelNeed(378, 5, true, 60) + 200);
  });
});
