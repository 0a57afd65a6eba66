/**
 * Railway Madness table: the 54 table positions, every player's locomotive, car count and the card
 * in their search hand, and your own train wrapping onto further lines. Every face-up car is one
 * piece keyed by its card (a face-down one by its slot), so it slides from the table to a hand, to
 * a train, or back by itself; the events say what the cards alone cannot: a turned-over card comes
 * from the face-down one that left the table, a card a rival took flies to their train. Only the
 * moves the engine's own rules allow now are lit and tappable; keyboard: arrows + Enter, T, R, S.
 */
import type Phaser from 'phaser';
import type { GameRenderer, Happened, RenderContext } from '../renderer.js';
import type { RailwayPublicView, RailwaySeatView } from '../../../shared/games/railway/views.js';
import type { RailwayAction } from '../../../shared/games/railway/actions.js';
import { carId, type Car } from '../../../shared/games/railway/cards.js';
import { follows, lastCar } from '../../../shared/games/railway/matching.js';
import { drawCar, drawFaceDown, type CardSize } from './carFace.js';
import { Stage, type Spot } from '../stage.js';
import { MoveGate, TAP, setTap, tapButton } from '../controls.js';
import { t, language } from '../../i18n/index.js';
import { renderLongest } from './longest.js';
import { COUNT_H, LABEL_H, NAME_H, panelNeed, planPanel, splitPanel, trainCard } from './panelLayout.js';
import { railwayHappenings, type RailwayHappening } from './happened.js';

const NS = 'table_railway_madness:';
const GAP = 4;
const carKey = (c: Car): string => `car-${carId(c)}`;

type Ctx = RenderContext<RailwayAction>;

interface Layout { cols: number; card: CardSize; tableX: number; tableY: number; px: number; py: number; pw: number; ph: number }

export class RailwayRenderer implements GameRenderer<RailwayPublicView, RailwaySeatView, RailwayAction> {
  get keysHelp(): string { return t(`${NS}keys`); }
  private cursor = 0;
  private readonly stage = new Stage();
  private readonly gate = new MoveGate();
  private ctx: Ctx | null = null;
  private last: { pub: RailwayPublicView; mine: RailwaySeatView | null } | null = null;
  private cols = 9;
  /** Where my next grab lands (my hand, the end of my train), for the prediction. */
  private spots = new Map<string, Spot>();
  /** Which piece stands at each place (`slot-3`, `held-0`, `train-2`, `loco-1`) since the last render. */
  readonly places = new Map<string, string>();

  render(frame: Ctx, pub: RailwayPublicView, mine: RailwaySeatView | null, events: readonly Happened[] = []): void {
    this.gate.seen(pub, mine);
    const ctx = this.gate.wrap(frame, () => { if (this.last) this.render(frame, this.last.pub, this.last.mine); });
    this.ctx = ctx;
    this.stage.attach(ctx.scene, ctx.layer);
    this.last = { pub, mine };
    this.stage.begin();
    if (pub.longest) {
      this.places.clear();
      const sig = JSON.stringify([pub.longest, pub.over, mine, ctx.width, ctx.height, ctx.mySeat, language(), this.gate.open]);
      this.stage.shape('longest', sig, (scene) => {
        const into = scene.add.container(0, 0);
        renderLongest(ctx, into, pub, mine);
        return into;
      }, 'over');
      this.stage.end();
      return;
    }
    this.renderTable(ctx, pub, mine, railwayHappenings(events));
  }

  destroy(): void {
    this.gate.release();
    this.stage.destroy();
  }

  /** The pieces and whether any still moves (browser tests measure the layout once all have landed). */
  pieceKeys(): string[] {
    return this.stage.pieceKeys();
  }

  piece(key: string): Phaser.GameObjects.Container | undefined {
    return this.stage.get(key);
  }

  moving(): boolean {
    return this.stage.moving();
  }

  onKey(frame: Ctx, key: string): void {
    const ctx = this.ctx ?? frame;
    const view = this.last?.pub;
    if (!view) return;
    if (view.longest) {
      if (key === ' ') ctx.act({ type: 'turn' });
      else if (key >= '1' && key <= '5') ctx.act({ type: 'place', train: Number(key) - 1 });
      else if (key.toLowerCase() === 'b') ctx.act({ type: 'bottom' });
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
  private legal(ctx: Ctx, view: RailwayPublicView, mine: RailwaySeatView | null) {
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

  private actOnSlot(ctx: Ctx, view: RailwayPublicView, slot: number): void {
    const card = view.table[slot];
    if (!card || ctx.mySeat === null) return;
    if ('down' in card) ctx.act({ type: 'flip', slot }, () => this.predictLift(ctx, slot, `held-${ctx.mySeat}`));
    else ctx.act({ type: 'take', slot }, () => this.predictLift(ctx, slot, 'train-next'));
  }

  /** Show the grab at once; the returned undo slides the card back (the frame shows the reason). */
  private predictLift(ctx: Ctx, slot: number, to: string): () => void {
    const key = this.places.get(`slot-${slot}`);
    const sprite = key === undefined ? undefined : this.stage.get(key);
    const target = this.spots.get(to);
    if (!sprite || !target) return () => undefined;
    const home = { x: sprite.x, y: sprite.y };
    ctx.scene.tweens.add({ targets: sprite, x: target.x, y: target.y, duration: 180 });
    return () => {
      if (!sprite.active) return;
      ctx.scene.tweens.add({ targets: sprite, x: home.x, y: home.y, duration: 300, ease: 'Back.easeOut' });
    };
  }

  private layout(ctx: RenderContext<RailwayAction>, slots: number): Layout {
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

  private renderTable(ctx: Ctx, view: RailwayPublicView, mine: RailwaySeatView | null, happened: RailwayHappening[]): void {
    const stage = this.stage;
    const moves = this.moves(view, happened);
    this.places.clear();
    const L = this.layout(ctx, view.table.length);
    this.cols = L.cols;
    const { card } = L;
    const slotSpot = (i: number): Spot => ({ x: L.tableX + (i % L.cols) * (card.w + GAP) + card.w / 2, y: L.tableY + Math.floor(i / L.cols) * (card.h + GAP) + card.h / 2 });
    const name = (s: number): string => (s === ctx.mySeat ? t(`${NS}you`) : ctx.seats.find((x) => x.seat === s)?.name ?? t(`${NS}seat`, { n: s + 1 }));
    const legal = this.legal(ctx, view, mine);
    const outline = (key: string, x: number, y: number, w: number, h: number, width: number, colour: number, alpha: number) =>
      stage.shape(key, `${x}|${y}|${w}|${h}|${width}|${colour}|${alpha}`, (scene) => scene.add.rectangle(x, y, w, h).setStrokeStyle(width, colour, alpha));

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
    const buttons: [string, 'take' | 'release' | 'stop', boolean][] = [];
    if (meP?.holding) buttons.push([t(`${NS}takeIt`), 'take', legal.takeHeld], [t(`${NS}putBack`), 'release', legal.release]);
    if (seated && view.variant === 'training') buttons.push([t(`${NS}stop`), 'stop', legal.stop]);
    const fontSize = myW < 320 ? 13 : 15;
    const made = seated ? buttons.map(([label, type, on]) => stage.button(`button-${type}`, label, type, () => ctx.act({ type }), { enabled: on, fontSize })) : [];
    const bx = hand.w + 16;
    const rows = this.buttonRows(made.map((b) => b.width), bx, myW);
    // Held or not, my area keeps the height of the hand row with its buttons, so the board does not jump for 3 s.
    const reserve = seated ? this.buttonRows(this.holdingWidths(view.variant, fontSize), bx, myW) : 0;
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
      stage.label(`name-${p.seat}`, x, y, R.note ? t(`${NS}player`, { name: name(p.seat), count: p.cars }) + valid : name(p.seat), { size: 13, maxWidth: R.boxW - 6 });
      if (!R.note) stage.label(`count-${p.seat}`, x, y + NAME_H - 1, t(`${NS}cars`, { count: p.cars }) + valid, { size: 11, colour: '#cfd6e6', maxWidth: R.boxW - 6 });
      const top = y + NAME_H + (R.note ? 0 : COUNT_H);
      const cy = top + small.h / 2;
      locoSpot.set(p.seat, { x: x + small.w / 2, y: cy });
      heldSpot.set(p.seat, { x: x + small.w * 1.5 + 6, y: cy });
      if (!p.holding) outline(`hand-${p.seat}`, x + small.w * 1.5 + 6, cy, small.w, small.h, 1, 0x4a5674, 0.7);
      if (R.note) stage.label(`holds-${p.seat}`, x + small.w * 2 + 12, top + 4, p.holding ? t(`${NS}holds`) : t(`${NS}handEmpty`), { size: 11, colour: '#bbb', maxWidth: R.boxW - small.w * 2 - 18 });
      if (R.note) this.drawTrainCount(p.seat, x + small.w * 2 + 12, top + 22, R.boxW - small.w * 2 - 18, top + small.h, p.cars);
    });

    // my area: the line, my hand (held card) with the buttons beside it, then my train (wrapping)
    const trainSpots: Spot[] = [];
    let trainSize: CardSize | null = null;
    if (meP && mine && plan.me) {
      const { x: mx, w: mw } = plan.me;
      let y = plan.me.y;
      const counts = { count: mine.valid, total: mine.train.length };
      const words = mine.train.length === 0 && !view.over ? t(`${NS}yourTrainEmpty`) : view.over ? t(`${NS}yourTrainOver`, counts) : t(`${NS}yourTrain`, counts);
      const fit = this.fitLine(words, mine.train.length > 0 && !view.over ? t(`${NS}yourTrainShort`, counts) : null, mw);
      const line = stage.label('my-line', mx, y, fit.words, { size: fit.wraps ? 13 : 14, colour: '#f2c14e', bold: true, wrap: fit.wraps ? mw : undefined, maxWidth: mw });
      y += Math.max(LABEL_H, line.height + 3);
      heldSpot.set(meP.seat, { x: mx + hand.w / 2 + 2, y: y + hand.h / 2 });
      outline('hand-mine', mx + hand.w / 2 + 2, y + hand.h / 2, hand.w, hand.h, 1, 0x7fd1ff, 0.7);
      stage.label('hand-label', mx + hand.w / 2 + 2, y + hand.h + 2, t(`${NS}hand`), { size: 11, colour: '#bbb', origin: [0.5, 0] });
      let bxx = mx + bx;
      let byy = y;
      for (const b of made) {
        if (bxx + b.width > mx + mw && bxx > mx + bx) { bxx = mx + bx; byy += TAP + 4; }
        b.setPosition(bxx, byy);
        bxx += b.width + 6;
      }
      // train: locomotive then cars, wrapping onto as many lines as fit below the hand row
      const tTop = y + handRow + 2;
      const n = mine.train.length + 1;
      // Never larger than the table's cards: a short train on a roomy desktop is drawn at their size.
      const tc = trainCard(n + 1, mw, plan.me.y + plan.me.h - tTop, Math.min(64, card.w));
      trainSize = tc;
      const per = Math.max(1, Math.floor((mw + 3) / (tc.w + 3)));
      for (let i = 0; i < n + 1; i++) trainSpots.push({ x: mx + (i % per) * (tc.w + 3) + tc.w / 2, y: tTop + Math.floor(i / per) * (tc.h + 3) + tc.h / 2 });
      this.spots.set('train-next', trainSpots[n]);
      locoSpot.set(meP.seat, trainSpots[0]);
    }
    for (const [seat, spot] of heldSpot) this.spots.set(`held-${seat}`, spot);
    const put = (place: string, key: string, face: string, size: CardSize, draw: (c: Phaser.GameObjects.Container) => void, at: Spot) => {
      this.places.set(place, key);
      const piece = stage.piece(key, face, size.w, size.h, draw, at, moves.from.get(key));
      // A card keeps its piece from the table to a hand or a train: only on the table is it a slot to tap.
      if (!place.startsWith('slot-') && piece.getData('slot') !== undefined) {
        setTap(piece, '', null);
        piece.setData('slot', undefined);
      }
      return piece;
    };

    // locomotives, then my train
    for (const p of view.players) {
      const size = p.seat === ctx.mySeat && trainSize ? trainSize : small;
      const spot = locoSpot.get(p.seat);
      if (spot) put(`loco-${p.seat}`, `loco-${p.seat}`, String(carId(p.locomotive)), size, (c) => drawCar(c, size, p.locomotive, { locomotive: true }), spot);
    }
    if (mine && trainSize) {
      const tc = trainSize;
      mine.train.forEach((car, i) => {
        const dim = view.over && i >= mine.valid;
        put(`train-${i}`, carKey(car), `${carId(car)}#${!dim}`, tc, (c) => drawCar(c, tc, car, { dim }), trainSpots[i + 1]);
      });
    }
    // held cards
    for (const p of view.players) {
      const at = heldSpot.get(p.seat);
      const size = p.seat === ctx.mySeat ? hand : small;
      if (p.holding && at) put(`held-${p.seat}`, carKey(p.holding), String(carId(p.holding)), size, (c) => drawCar(c, size, p.holding!), at);
    }

    // the table: face-up cars keyed by card, face-down ones by slot; empty slots are only a faint outline
    view.table.forEach((s, i) => {
      const at = slotSpot(i);
      if (i === this.cursor && legal.slots.size > 0) outline('cursor', at.x, at.y, card.w + 6, card.h + 6, 3, 0x7fd1ff, 1);
      if (!s) {
        outline(`empty-${i}`, at.x, at.y, card.w - 4, card.h - 4, 1, 0x3a4560, 0.8);
        return;
      }
      const piece = 'down' in s
        ? put(`slot-${i}`, `down-${i}`, 'down', card, (c) => drawFaceDown(c, card), at)
        : put(`slot-${i}`, carKey(s.car), String(carId(s.car)), card, (c) => drawCar(c, card, s.car), at);
      setTap(piece, `slot-${i}`, legal.slots.has(i) ? () => { this.cursor = i; this.actOnSlot(ctx, view, i); } : null);
      piece.setData('slot', i);
    });
    stage.end((key) => {
      const to = moves.to.get(key);
      return to ? (to.into === 'hand' ? heldSpot : locoSpot).get(to.seat) ?? null : null;
    });

    if (!meP || !mine) ctx.hint(view.over ? t(`${NS}hint.over`) : t(`${NS}hint.watching`));
    else if (view.over) ctx.hint(t(`${NS}hint.over`));
    else if (meP.holding) ctx.hint(legal.takeHeld ? t(`${NS}hint.holding`) : t(`${NS}hint.holdingNoMatch`));
    else ctx.hint(view.variant === 'juniors' || view.variant === 'express' ? t(`${NS}hint.take`) : t(`${NS}hint.flipOrTake`));
  }

  /**
   * What the events say the card pieces alone cannot (a card already shown slides by itself, from
   * the table to a hand or a train): a turned-over card comes from the face-down card it was (the
   * event's slot in a replay; live, the face-down cards leaving the table, in order), which goes to
   * the turner's hand with it; a card a rival took into their train (not drawn) flies to their
   * locomotive. Read before this render moves anything: `from` is where pieces stand now.
   */
  private moves(view: RailwayPublicView, happened: RailwayHappening[]): { from: Map<string, Spot>; to: Map<string, { seat: number; into: 'hand' | 'loco' }> } {
    const from = new Map<string, Spot>();
    const to = new Map<string, { seat: number; into: 'hand' | 'loco' }>();
    const faceDown = (i: number): boolean => { const s = view.table[i]; return !!s && 'down' in s; };
    const leaving = [...this.places].filter(([place, key]) => key.startsWith('down-') && !faceDown(Number(place.slice(5)))).map(([place]) => Number(place.slice(5)));
    for (const h of happened) {
      if (h.type === 'flip') {
        const slot = h.slot !== null && leaving.includes(h.slot) ? h.slot : leaving[0];
        if (slot === undefined) continue;
        leaving.splice(leaving.indexOf(slot), 1);
        const down = this.stage.get(`down-${slot}`);
        if (down) from.set(carKey(h.car), { x: down.x, y: down.y });
        to.set(`down-${slot}`, { seat: h.seat, into: 'hand' });
      } else if (h.type === 'take' && h.seat !== this.ctx?.mySeat) {
        to.set(carKey(h.car), { seat: h.seat, into: 'loco' });
      }
    }
    return { from, to };
  }

  /** "Your train" as it fits my area: said shorter, then on two lines, rather than cut (a phone on its side). */
  private fitLine(words: string, shorter: string | null, width: number): { words: string; wraps: boolean } {
    const key = `${words}|${shorter}|${width}`;
    if (this.lineFit?.key === key) return this.lineFit;
    const probe = this.ctx!.scene.add.text(0, 0, words, { fontFamily: 'system-ui, sans-serif', fontSize: '14px', fontStyle: 'bold' });
    if (probe.width > width && shorter) probe.setText((words = shorter));
    this.lineFit = { key, words, wraps: probe.width > width };
    probe.destroy();
    return this.lineFit;
  }

  private lineFit: { key: string; words: string; wraps: boolean } | null = null;

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
  private holdingWidths(variant: RailwayPublicView['variant'], fontSize: number): number[] {
    const labels = [t(`${NS}takeIt`), t(`${NS}putBack`), ...(variant === 'training' ? [t(`${NS}stop`)] : [])];
    const key = `${fontSize}|${labels.join('|')}`;
    if (this.measured?.key === key) return this.measured.widths;
    const scene = this.ctx!.scene;
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
  private drawTrainCount(seat: number, x: number, top: number, width: number, bottom: number, cars: number): void {
    const per = Math.floor((width + 3) / 17);
    const lines = Math.floor((bottom - top + 2) / 14);
    if (per < 3 || lines < 1 || cars === 0) return;
    const shown = Math.min(cars, per * lines);
    this.stage.shape(`train-count-${seat}`, `${x}|${top}|${per}|${shown}`, (scene) => {
      const into = scene.add.container(0, 0);
      for (let i = 0; i < shown; i++) {
        // a little car: its body and two wheels
        const cx = x + (i % per) * 17 + 7;
        const cy = top + Math.floor(i / per) * 14 + 5;
        into.add([scene.add.rectangle(cx, cy, 14, 8, 0xa9b2c6), scene.add.circle(cx - 4, cy + 5.5, 2, 0xe0e4ee), scene.add.circle(cx + 4, cy + 5.5, 2, 0xe0e4ee)]);
      }
      return into;
    });
  }
}
