/**
 * Railway Madness table: the 54 table positions, every player's locomotive, car count and the card
 * in their search hand, and your own train wrapping onto further lines. Cards are kept keyed (table
 * slot, held card per seat, train position) and slide between them: a flipped card flies to its
 * holder's hand, a taken one into the train, a released one back to the table. Only the moves the
 * engine's own rules allow now are lit and tappable; keyboard: arrows + Enter, T, R, S.
 */
import type Phaser from 'phaser';
import type { GameRenderer, RenderContext } from '../renderer.js';
import type { RailwayPublicView, RailwaySeatView } from '../../../shared/games/railway/views.js';
import { carId, type Car } from '../../../shared/games/railway/cards.js';
import { follows, lastCar } from '../../../shared/games/railway/matching.js';
import { drawCar, drawFaceDown, type CardSize } from './carFace.js';
import type { Pieces, Spot } from '../pieces.js';
import { GatedTable } from '../pieceStage.js';
import { TAP, fitText, setTap, tapButton, type MoveGate } from '../controls.js';
import { t } from '../../i18n/index.js';
import { renderLongest } from './longest.js';
import { COUNT_H, LABEL_H, NAME_H, panelNeed, planPanel, splitPanel, trainCard } from './panelLayout.js';

const NS = 'table_railway_madness:';
const GAP = 4;
const carKey = (c: Car): string => String(carId(c));

interface Layout { cols: number; card: CardSize; tableX: number; tableY: number; px: number; py: number; pw: number; ph: number }

export class RailwayRenderer implements GameRenderer<RailwayPublicView, RailwaySeatView> {
  get keysHelp(): string { return t(`${NS}keys`); }
  private cursor = 0;
  private table = new GatedTable<string>();
  private last: { pub: RailwayPublicView; mine: RailwaySeatView | null } | null = null;
  private cols = 9;
  private spots = new Map<string, Spot>();
  private get ctx(): RenderContext | null { return this.table.ctx; }
  private get gate(): MoveGate { return this.table.gate; }
  private get pieces(): Pieces<string> | null { return this.table.pieces; }
  private get under(): Phaser.GameObjects.Container | null { return this.table.chrome; }
  private get over(): Phaser.GameObjects.Container | null { return this.table.over; }

  render(frame: RenderContext, pub: RailwayPublicView, mine: RailwaySeatView | null): void {
    const { ctx } = this.table.open(frame, () => { if (this.last) this.render(frame, this.last.pub, this.last.mine); }, pub, mine);
    const prev = this.last?.pub ?? null;
    this.last = { pub, mine };
    this.table.clear();
    if (pub.longest) {
      this.pieces!.begin();
      this.pieces!.end();
      renderLongest(ctx, this.over!, pub, mine);
      return;
    }
    this.renderTable(ctx, pub, mine, prev);
  }

  destroy(): void {
    this.table.destroy();
  }

  onKey(frame: RenderContext, key: string): void {
    const ctx = this.ctx ?? frame;
    const view = this.last?.pub;
    if (!view) return;
    if (view.longest) {
      const mine = this.last!.mine;
      if (key === ' ') ctx.act({ type: 'turn' });
      else if (key >= '1' && key <= '5') ctx.act({ type: 'place', train: Number(key) - 1 });
      else if (key.toLowerCase() === 'b') ctx.act({ type: 'bottom' });
      void mine;
      return;
    }
    const move = ({ ArrowRight: 1, ArrowLeft: -1, ArrowDown: this.cols, ArrowUp: -this.cols } as Record<string, number>)[key];
    if (move !== undefined) {
      this.cursor = (this.cursor + move + view.table.length) % view.table.length;
      ctx.hint(t(`${NS}hint.selected`, { n: this.cursor + 1 }));
      this.render(frame, view, this.last?.mine ?? null);
      return;
    }
    const legal = this.legal(ctx, view, this.last?.mine ?? null);
    if (key === 'Enter' || key === ' ') {
      if (legal.slots.has(this.cursor)) this.actOnSlot(ctx, view, this.cursor);
      else ctx.hint(t(`${NS}hint.notNow`));
    } else if (key.toLowerCase() === 't' && legal.takeHeld) ctx.act({ type: 'take' });
    else if (key.toLowerCase() === 'r' && legal.release) ctx.act({ type: 'release' });
    else if (key.toLowerCase() === 's' && legal.stop) ctx.act({ type: 'stop' });
  }

  /** What the engine would accept from me now (rules.ts tableMove), so only that is offered. */
  private legal(ctx: RenderContext, view: RailwayPublicView, mine: RailwaySeatView | null) {
    const none = { slots: new Set<number>(), takeHeld: false, release: false, stop: false };
    const me = ctx.mySeat === null ? undefined : view.players[ctx.mySeat];
    if (!me || !mine || view.over || !this.gate.open) return none;
    const fits = (car: Car) => !view.assist || follows(me.rule, lastCar(me.locomotive, mine.train.map(carId)), car, me.locomotive);
    const allUp = view.variant === 'juniors' || view.variant === 'express';
    const slots = new Set<number>();
    if (!me.holding) {
      view.table.forEach((s, i) => {
        if (!s) return;
        if ('down' in s) { if (!allUp) slots.add(i); } else if (fits(s.car)) slots.add(i);
      });
    }
    return { slots, takeHeld: !!me.holding && fits(me.holding), release: !!me.holding, stop: view.variant === 'training' && mine.train.length >= 5 };
  }

  private actOnSlot(ctx: RenderContext, view: RailwayPublicView, slot: number): void {
    const card = view.table[slot];
    if (!card || ctx.mySeat === null) return;
    const type = 'down' in card ? 'flip' : 'take';
    ctx.act({ type, slot }, () => this.predictLift(ctx, slot, type === 'flip' ? `held-${ctx.mySeat}` : 'train-next'));
  }

  /** Show the grab at once; the returned undo slides the card back (the frame shows the reason). */
  private predictLift(ctx: RenderContext, slot: number, to: string): () => void {
    const sprite = this.pieces?.get(`slot-${slot}`);
    const target = this.spots.get(to);
    if (!sprite || !target) return () => undefined;
    const home = { x: sprite.x, y: sprite.y };
    ctx.scene.tweens.add({ targets: sprite, x: target.x, y: target.y, duration: 180 });
    return () => {
      if (!sprite.active) return;
      ctx.scene.tweens.add({ targets: sprite, x: home.x, y: home.y, duration: 300, ease: 'Back.easeOut' });
    };
  }

  private layout(ctx: RenderContext, slots: number): Layout {
    const { width, height } = ctx;
    const landscape = width > height * 1.5;
    // Upright, the table takes about half the height, more (up to 62 %) when finger-tall rows need it
    // and the panel below still has room for the rivals' boxes and my area (panelLayout.ts).
    const fingerCols = Math.max(1, Math.floor((width + GAP) / (TAP + GAP)));
    const fingerRows = Math.ceil(slots / fingerCols);
    const rivals = Math.max(0, ctx.seats.length - (ctx.mySeat === null ? 0 : 1));
    const need = panelNeed(width, rivals, ctx.mySeat !== null, TAP + 4 + 14);
    const ah = landscape ? height : Math.max(height * 0.56, Math.min(height * 0.62, height - need, fingerRows * TAP + (fingerRows - 1) * GAP));
    // Beside the panel, the table still gets room for finger-sized cards (TAP wide) in the rows that fit.
    const fitRows = Math.max(1, Math.floor((ah + GAP) / (TAP + GAP)));
    const fitCols = Math.ceil(slots / fitRows);
    const fingerW = fitCols * TAP + (fitCols - 1) * GAP + 8;
    const aw = landscape ? Math.min(width, Math.max(width * 0.6, width - 320, fingerW)) : width;
    let best: Layout | null = null;
    for (let cols = 6; cols <= 18; cols++) {
      const rows = Math.ceil(slots / cols);
      const w = Math.min(80, (aw - GAP * (cols - 1)) / cols);
      const h = Math.min(w * 1.2, (ah - GAP * (rows - 1)) / rows);
      const cw = Math.min(w, h * 1.2);
      const score = Math.min(cw, h);
      if (!best || score > Math.min(best.card.w, best.card.h) + 0.5) {
        const tw = cols * cw + (cols - 1) * GAP;
        const th = rows * h + (rows - 1) * GAP;
        best = landscape
          ? { cols, card: { w: cw, h }, tableX: 0, tableY: 0, px: tw + 14, py: 0, pw: width - tw - 14, ph: height }
          : { cols, card: { w: cw, h }, tableX: (width - tw) / 2, tableY: 0, px: 0, py: th + 10, pw: width, ph: height - th - 10 };
      }
    }
    return best!;
  }

  private renderTable(ctx: RenderContext, view: RailwayPublicView, mine: RailwaySeatView | null, prev: RailwayPublicView | null): void {
    const { scene } = ctx;
    const under = this.under!, over = this.over!, pieces = this.pieces!;
    this.plan(view, prev, mine);
    const L = this.layout(ctx, view.table.length);
    this.cols = L.cols;
    const { card } = L;
    const slotSpot = (i: number): Spot => ({ x: L.tableX + (i % L.cols) * (card.w + GAP) + card.w / 2, y: L.tableY + Math.floor(i / L.cols) * (card.h + GAP) + card.h / 2 });
    const name = (s: number): string => (s === ctx.mySeat ? t(`${NS}you`) : ctx.seats.find((x) => x.seat === s)?.name ?? t(`${NS}seat`, { n: s + 1 }));
    const legal = this.legal(ctx, view, mine);
    const text = (x: number, y: number, s: string, size: number, colour = '#f2f2f2', bold = false) =>
      scene.add.text(x, y, s, { fontFamily: 'system-ui, sans-serif', fontSize: `${size}px`, color: colour, fontStyle: bold ? 'bold' : 'normal' });

    // the panel: one box per rival (locomotive, count, the card in their hand), and my area (my hand,
    // its buttons, my train), planned so that both stay inside the board (panelLayout.ts)
    const others = view.players.filter((p) => p.seat !== ctx.mySeat);
    const meP = ctx.mySeat === null ? undefined : view.players[ctx.mySeat];
    const seated = meP !== undefined && mine !== null;
    const panel = { x: L.px, y: L.py, w: L.pw, h: L.ph };
    const cap: CardSize = { w: Math.max(26, Math.min(52, card.w * 0.85)), h: Math.max(31, Math.min(62, card.h * 0.85)) };
    const hand: CardSize = { w: Math.max(30, cap.w), h: Math.max(36, cap.h) };
    const split = splitPanel(panel, others.length, seated);
    const myW = split ? Math.floor(L.pw / 2) - 8 : L.pw;
    // my buttons first: their rows are part of what my area needs
    const buttons: [string, string, () => void, boolean][] = [];
    if (meP?.holding) {
      buttons.push([t(`${NS}takeIt`), 'take', () => ctx.act({ type: 'take' }), legal.takeHeld]);
      buttons.push([t(`${NS}putBack`), 'release', () => ctx.act({ type: 'release' }), legal.release]);
    }
    if (seated && view.variant === 'training') buttons.push([t(`${NS}stop`), 'stop', () => ctx.act({ type: 'stop' }), legal.stop]);
    const fontSize = myW < 320 ? 13 : 15;
    const made = seated ? buttons.map(([lab, id, run, on]) => tapButton(scene, 0, 0, lab, id, run, { enabled: on, fontSize })) : [];
    const bx = hand.w + 16;
    const rows = this.buttonRows(made.map((b) => b.width), bx, myW);
    // Held or not, my area keeps the height of the hand row with its buttons, so the board does not jump for 3 s.
    const reserve = seated ? this.buttonRows(this.holdingWidths(scene, view.variant, fontSize), bx, myW) : 0;
    const handRow = Math.max(hand.h + 22, Math.max(rows, reserve) * (TAP + 4));
    const plan = planPanel({ panel, rivals: others.length, seated, cap, handRow, trainCars: (mine?.train.length ?? 0) + 2 });
    const R = plan.rivals;
    const small = R.card;
    const heldSpot = new Map<number, Spot>();
    const locoSpot = new Map<number, Spot>();
    others.forEach((p, k) => {
      const x = R.x + (k % R.perRow) * R.boxW;
      const y = R.y + Math.floor(k / R.perRow) * R.boxH;
      const valid = p.valid !== undefined ? ` ${t(`${NS}valid`, { count: p.valid })}` : '';
      // A narrow box: the name alone on its line, the count on the next (both cut short, they read as "Bot 2: 0 c…").
      over.add(fitText(text(x, y, R.note ? t(`${NS}player`, { name: name(p.seat), count: p.cars }) + valid : name(p.seat), 13), R.boxW - 6));
      if (!R.note) over.add(fitText(text(x, y + NAME_H - 1, t(`${NS}cars`, { count: p.cars }) + valid, 11, '#cfd6e6'), R.boxW - 6));
      const top = y + NAME_H + (R.note ? 0 : COUNT_H);
      const cy = top + small.h / 2;
      locoSpot.set(p.seat, { x: x + small.w / 2, y: cy });
      heldSpot.set(p.seat, { x: x + small.w * 1.5 + 6, y: cy });
      if (!p.holding) under.add(scene.add.rectangle(x + small.w * 1.5 + 6, cy, small.w, small.h).setStrokeStyle(1, 0x4a5674, 0.7));
      if (R.note) over.add(fitText(text(x + small.w * 2 + 12, top + 4, p.holding ? t(`${NS}holds`) : t(`${NS}handEmpty`), 11, '#bbb'), R.boxW - small.w * 2 - 18));
      if (R.note) this.drawTrainCount(under, x + small.w * 2 + 12, top + 22, R.boxW - small.w * 2 - 18, top + small.h, p.cars);
    });

    // my area: the line, my hand (held card) with the buttons beside it, then my train (wrapping)
    const trainSpots: Spot[] = [];
    if (meP && mine && plan.me) {
      const { x: mx, w: mw } = plan.me;
      let y = plan.me.y;
      const counts = { count: mine.valid, total: mine.train.length };
      const label = mine.train.length === 0 && !view.over ? t(`${NS}yourTrainEmpty`) : view.over ? t(`${NS}yourTrainOver`, counts) : t(`${NS}yourTrain`, counts);
      const line = text(mx, y, label, 14, '#f2c14e', true);
      // A narrow panel (a phone on its side) says it shorter, then on two lines, rather than cutting it.
      if (line.width > mw && mine.train.length > 0 && !view.over) line.setText(t(`${NS}yourTrainShort`, counts));
      if (line.width > mw) line.setFontSize(13).setWordWrapWidth(mw);
      over.add(fitText(line, mw));
      y += Math.max(LABEL_H, line.height + 3);
      heldSpot.set(meP.seat, { x: mx + hand.w / 2 + 2, y: y + hand.h / 2 });
      under.add(scene.add.rectangle(mx + hand.w / 2 + 2, y + hand.h / 2, hand.w, hand.h).setStrokeStyle(1, 0x7fd1ff, 0.7));
      over.add(text(mx + hand.w / 2 + 2, y + hand.h + 2, t(`${NS}hand`), 11, '#bbb').setOrigin(0.5, 0));
      let bxx = mx + bx;
      let byy = y;
      for (const b of made) {
        if (bxx + b.width > mx + mw && bxx > mx + bx) { bxx = mx + bx; byy += TAP + 4; }
        b.setPosition(bxx, byy);
        over.add(b);
        bxx += b.width + 6;
      }
      // train: locomotive then cars, wrapping onto as many lines as fit below the hand row
      const tTop = y + handRow + 2;
      const n = mine.train.length + 1;
      // Never larger than the table's cards: a short train on a roomy desktop is drawn at their size.
      const tc = trainCard(n + 1, mw, plan.me.y + plan.me.h - tTop, Math.min(64, card.w));
      const per = Math.max(1, Math.floor((mw + 3) / (tc.w + 3)));
      for (let i = 0; i < n + 1; i++) trainSpots.push({ x: mx + (i % per) * (tc.w + 3) + tc.w / 2, y: tTop + Math.floor(i / per) * (tc.h + 3) + tc.h / 2 });
      this.spots.set('train-next', trainSpots[n]);
      locoSpot.set(meP.seat, trainSpots[0]);
      pieces.begin();
      pieces.put(`loco-${meP.seat}`, carKey(meP.locomotive), tc.w, tc.h, (c) => drawCar(c, tc, meP.locomotive, { locomotive: true }), trainSpots[0]);
      mine.train.forEach((carFace, i) => {
        pieces.put(`train-${i}`, `${carKey(carFace)}#${i < mine.valid || !view.over}`, tc.w, tc.h, (c) => drawCar(c, tc, carFace, { dim: view.over && i >= mine.valid }), trainSpots[i + 1], this.arrival(`train-${i}`));
      });
    } else pieces.begin();
    for (const [seat, spot] of heldSpot) this.spots.set(`held-${seat}`, spot);

    // others' locomotives and held cards
    for (const p of others) {
      pieces.put(`loco-${p.seat}`, carKey(p.locomotive), small.w, small.h, (c) => drawCar(c, small, p.locomotive, { locomotive: true }), locoSpot.get(p.seat)!);
    }
    for (const p of view.players) {
      const at = heldSpot.get(p.seat);
      const size = p.seat === ctx.mySeat ? hand : small;
      if (p.holding && at) pieces.put(`held-${p.seat}`, carKey(p.holding), size.w, size.h, (c) => drawCar(c, size, p.holding!), at, this.arrival(`held-${p.seat}`));
    }

    // the table, keyed by slot; empty slots are only a faint outline
    view.table.forEach((s, i) => {
      const at = slotSpot(i);
      if (i === this.cursor && legal.slots.size > 0) under.add(scene.add.rectangle(at.x, at.y, card.w + 6, card.h + 6).setStrokeStyle(3, 0x7fd1ff));
      if (!s) {
        under.add(scene.add.rectangle(at.x, at.y, card.w - 4, card.h - 4).setStrokeStyle(1, 0x3a4560, 0.8));
        return;
      }
      const face = 'down' in s ? 'down' : carKey(s.car);
      const piece = pieces.put(`slot-${i}`, face, card.w, card.h,
        (c) => ('down' in s ? drawFaceDown(c, card) : drawCar(c, card, s.car)), at, this.arrival(`slot-${i}`));
      setTap(piece, `slot-${i}`, legal.slots.has(i) ? () => { this.cursor = i; this.actOnSlot(ctx, view, i); } : null);
      piece.setData('slot', i);
    });
    for (let i = 0; i < view.table.length; i++) this.spots.set(`slot-${i}`, slotSpot(i));
    pieces.end((key) => this.departure(key, view, prev, mine));
    this.table.raise();

    if (!meP || !mine) ctx.hint(view.over ? t(`${NS}hint.over`) : t(`${NS}hint.watching`));
    else if (view.over) ctx.hint(t(`${NS}hint.over`));
    else if (meP.holding) ctx.hint(legal.takeHeld ? t(`${NS}hint.holding`) : t(`${NS}hint.holdingNoMatch`));
    else ctx.hint(view.variant === 'juniors' || view.variant === 'express' ? t(`${NS}hint.take`) : t(`${NS}hint.flipOrTake`));
  }

  /** How many rows `widths` take beside my hand (from `bx`) in an area `width` wide. */
  private buttonRows(widths: number[], bx: number, width: number): number {
    let rows = widths.length ? 1 : 0;
    let x = bx;
    for (const w of widths) {
      if (x + w > width && x > bx) { rows++; x = bx; }
      x += w + 6;
    }
    return rows;
  }

  /** The widths of the buttons a held card brings (and Stop in Training), measured as they would be drawn. */
  private holdingWidths(scene: Phaser.Scene, variant: RailwayPublicView['variant'], fontSize: number): number[] {
    const labels = [t(`${NS}takeIt`), t(`${NS}putBack`), ...(variant === 'training' ? [t(`${NS}stop`)] : [])];
    const key = `${fontSize}|${labels.join('|')}`;
    if (this.measured?.key === key) return this.measured.widths;
    const widths = labels.map((label) => {
      const probe = tapButton(scene, 0, 0, label, 'probe', () => undefined, { enabled: false, fontSize });
      const width = probe.width;
      probe.destroy();
      return width;
    });
    this.measured = { key, widths };
    return widths;
  }

  private measured: { key: string; widths: number[] } | null = null;

  /**
   * A rival's train as it grows, one small block per car (what everyone may see of it: RULES-NOTES
   * 5.2, the locomotive and the number of cars), where the box has room; the count is in its name line.
   */
  private drawTrainCount(into: Phaser.GameObjects.Container, x: number, top: number, width: number, bottom: number, cars: number): void {
    const per = Math.floor((width + 3) / 17);
    const lines = Math.floor((bottom - top + 2) / 14);
    if (per < 3 || lines < 1 || cars === 0) return;
    const scene = this.ctx!.scene;
    const shown = Math.min(cars, per * lines);
    for (let i = 0; i < shown; i++) {
      // a little car: its body and two wheels
      const cx = x + (i % per) * 17 + 7;
      const cy = top + Math.floor(i / per) * 14 + 5;
      into.add(scene.add.rectangle(cx, cy, 14, 8, 0xa9b2c6));
      into.add(scene.add.circle(cx - 4, cy + 5.5, 2, 0xe0e4ee));
      into.add(scene.add.circle(cx + 4, cy + 5.5, 2, 0xe0e4ee));
    }
  }

  /** Where a piece that just appeared comes from: the card that left a slot or a hand for it. */
  private arrival(key: string): Spot | undefined {
    return this.pending.get(key);
  }

  private pending = new Map<string, Spot>();

  /** Before drawing: pieces that appear now start where the card they are came from (old spots). */
  private plan(view: RailwayPublicView, prev: RailwayPublicView | null, mine: RailwaySeatView | null): void {
    this.pending.clear();
    if (!prev) return;
    const vacated = view.table.flatMap((s, i) => (s === null && prev.table[i] !== null ? [i] : []));
    const refilled = view.table.flatMap((s, i) => (s !== null && prev.table[i] === null ? [i] : []));
    const old = (key: string) => this.spots.get(key);
    for (const p of view.players) {
      const before = prev.players[p.seat];
      if (!before) continue;
      const grew = p.cars > before.cars;
      if (p.holding && !before.holding) {
        const from = vacated.shift();
        if (from !== undefined) this.set(`held-${p.seat}`, old(`slot-${from}`));
      } else if (!p.holding && before.holding && !grew) {
        const to = refilled.shift();
        if (to !== undefined) this.set(`slot-${to}`, old(`held-${p.seat}`));
      }
      if (grew && p.seat === this.ctx?.mySeat && mine) {
        const from = before.holding && !p.holding ? old(`held-${p.seat}`) : old(`slot-${vacated.shift() ?? -1}`);
        for (let k = before.cars; k < p.cars; k++) this.set(`train-${k}`, from);
      } else if (grew && !(before.holding && !p.holding)) vacated.shift();
    }
  }

  private set(key: string, spot: Spot | undefined): void {
    if (spot) this.pending.set(key, { ...spot });
  }

  /** Where a vanished piece goes: into the hand or train of whoever took it. */
  private departure(key: string, view: RailwayPublicView, prev: RailwayPublicView | null, mine: RailwaySeatView | null): Spot | null {
    if (!prev) return null;
    if (key.startsWith('slot-')) {
      for (const p of view.players) {
        const before = prev.players[p.seat];
        if (!before) continue;
        if (p.holding && !before.holding) return this.spots.get(`held-${p.seat}`) ?? null;
        if (p.cars > before.cars) return p.seat === this.ctx?.mySeat && mine ? this.spots.get('train-next') ?? null : this.spots.get(`held-${p.seat}`) ?? null;
      }
      return null;
    }
    if (key.startsWith('held-')) {
      const seat = Number(key.slice(5));
      const p = view.players[seat];
      const before = prev.players[seat];
      if (p && before && p.cars > before.cars) return seat === this.ctx?.mySeat ? this.spots.get('train-next') ?? null : this.spots.get(`held-${seat}`) ?? null;
      const back = view.table.findIndex((s, i) => s !== null && prev.table[i] === null);
      return back >= 0 ? this.spots.get(`slot-${back}`) ?? null : null;
    }
    return null;
  }
}
