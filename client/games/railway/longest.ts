/**
 * The Longest Train (2 players): five locomotives down the middle, your cars behind them on one
 * side and the rival's counts on the other, your pile and turned card with Turn / Under the pile.
 * Few pieces move here, so it is redrawn into its own container on each change.
 */
import type Phaser from 'phaser';
import type { RenderContext } from '../renderer.js';
import type { RailwayAction } from '../../../shared/games/railway/actions.js';
import type { RailwayPublicView, RailwaySeatView } from '../../../shared/games/railway/views.js';
import { carId } from '../../../shared/games/railway/cards.js';
import { follows, lastCar } from '../../../shared/games/railway/matching.js';
import { drawCar, type CardSize } from './carFace.js';
import { fitText, setTap, tapButton } from '../controls.js';
import { t } from '../../i18n/index.js';

const NS = 'table_railway_madness:';

export function renderLongest(ctx: RenderContext<RailwayAction>, into: Phaser.GameObjects.Container, view: RailwayPublicView, mine: RailwaySeatView | null): void {
  const { scene, width, height } = ctx;
  const lt = view.longest!;
  const me = lt.players.find((p) => p.seat === ctx.mySeat);
  const rowH = Math.max(46, Math.min(100, (height - 70) / 5));
  const size: CardSize = { w: Math.min(rowH * 0.85, 70), h: rowH - 4 };
  const centre = Math.min(width * 0.35, 150);
  const tiny: CardSize = { w: Math.max(18, size.w * 0.55), h: size.h * 0.8 };
  lt.locomotives.forEach((loco, i) => {
    const y = i * rowH + rowH / 2;
    const c = scene.add.container(centre, y);
    drawCar(c, size, loco, { locomotive: true });
    c.setSize(size.w, size.h);
    into.add(c);
    into.add(scene.add.text(centre - size.w / 2 - 6, y, String(i + 1), { fontSize: '16px', color: '#f2f2f2' }).setOrigin(1, 0.5));
    const mineRow = mine?.longestTrains?.[i] ?? [];
    const room = width - centre - size.w / 2 - 8;
    const step = Math.min(tiny.w + 3, room / Math.max(1, mineRow.length));
    mineRow.forEach((car, k) => {
      const cc = scene.add.container(centre + size.w / 2 + 6 + k * step + tiny.w / 2, y);
      drawCar(cc, tiny, car);
      into.add(cc);
    });
    for (const p of lt.players) {
      if (p.seat === ctx.mySeat) continue;
      into.add(fitText(scene.add.text(centre - size.w / 2 - 24, y, t(`${NS}cars`, { count: p.trainLengths[i] ?? 0 }), { fontSize: '13px', color: '#cfd6e6' }).setOrigin(1, 0.5), centre - size.w / 2 - 28));
    }
    const ok = !!me?.turned && !view.over && (!view.assist || follows('atLeastOne', lastCar(loco, (mine?.longestTrains?.[i] ?? []).map(carId)), me.turned, loco));
    setTap(c, `loco-${i}`, ok ? () => ctx.act({ type: 'place', train: i }) : null);
  });
  if (!me) return void ctx.hint(view.over ? t(`${NS}hint.over`) : t(`${NS}hint.watching`));
  const y = 5 * rowH + 8;
  into.add(scene.add.text(0, y, t(`${NS}pile`, { count: me.pile }), { fontSize: '15px', color: '#f2f2f2' }));
  let x = 0;
  if (me.turned) {
    const c = scene.add.container(size.w / 2, y + 24 + size.h / 2);
    drawCar(c, size, me.turned);
    into.add(c);
    x = size.w + 10;
  }
  const live = !view.over;
  const b = me.turned
    ? tapButton(scene, x, y + 24, t(`${NS}bottom`), 'bottom', () => ctx.act({ type: 'bottom' }), { enabled: live })
    : tapButton(scene, x, y + 24, t(`${NS}turn`), 'turn', () => ctx.act({ type: 'turn' }), { enabled: live && me.pile > 0 });
  into.add(b);
  ctx.hint(view.over ? t(`${NS}hint.over`) : me.turned ? t(`${NS}hint.lay`) : t(`${NS}hint.turn`));
}
