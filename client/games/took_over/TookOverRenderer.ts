/**
 * Took Over! table: the ascending line, the take-over gap, the pace clock, everyone's hand and stack
 * sizes, and your hand. Cards are keyed by id, so a card slides from your hand into the line, from
 * a rival's place into it, and out to the discard when the line is cleared. Only what the engine
 * allows now is lit: on your turn, once the pace has run, a fitting card is placed by a tap or a drag
 * onto the line (Pass only when nothing fits); as the taker, cards inside the gap are tapped to
 * select and "Taking Over!" sends them (or a drag onto the line sends one).
 */
import type Phaser from 'phaser';
import type { GameRenderer, RenderContext } from '../renderer.js';
import type { TookOverAction } from '../../../shared/games/took_over/actions.js';
import type { TookOverPublicView, TookOverSeatView } from '../../../shared/games/took_over/views.js';
import type { NumberedCard } from '../../../shared/games/trafficcars_deck/cards.js';
import { sideFor } from '../../../shared/games/took_over/line.js';
import { drawCard, type CardSize } from '../trafficcars/cardFace.js';
import type { LabelStyle, Spot, Stage } from '../stage.js';
import { GatedTable } from '../gatedTable.js';
import { TAP, fitText, type MoveGate } from '../controls.js';
import { markTarget, unmarkTarget } from '../../ui/tapTargets.js';
import { t } from '../../i18n/index.js';
import type { SeatCue } from '../../table/playersPanel.js';

const NS = 'table_took_over:';
/** The client's clock estimate may run a little ahead of the server's: wait this much past the pace. */
const PACE_MARGIN_MS = 120;

export class TookOverRenderer implements GameRenderer<TookOverPublicView, TookOverSeatView, TookOverAction> {
  get keysHelp(): string { return t(`${NS}keys`); }
  private selected = new Set<string>();
  private table = new GatedTable<TookOverAction>();
  private last: { pub: TookOverPublicView; mine: TookOverSeatView | null } | null = null;
  private timer: Phaser.Time.TimerEvent | null = null;
  private paceTimer: Phaser.Time.TimerEvent | null = null;
  private tick: (() => void) | null = null;
  private lineSpot: Spot & { top: number; bottom: number } = { x: 0, y: 0, top: 0, bottom: 0 };
  private discardSpot: Spot = { x: 0, y: 0 };
  private get ctx(): RenderContext<TookOverAction> | null { return this.table.ctx; }
  private get gate(): MoveGate { return this.table.gate; }
  private get pieces(): Stage | null { return this.table.pieces; }

  render(frame: RenderContext<TookOverAction>, pub: TookOverPublicView, mine: TookOverSeatView | null): void {
    const { ctx, fresh } = this.table.open(frame, () => this.draw(), pub, mine);
    this.last = { pub, mine };
    if (fresh) this.timer = ctx.scene.time.addEvent({ delay: 100, loop: true, callback: () => this.tick?.() });
    this.draw();
  }

  destroy(): void {
    this.timer?.remove();
    this.paceTimer?.remove();
    this.table.destroy();
  }

  /** Besides the player to play, the taker (or, when anyone may take over, every other seat) is waited on. */
  seatCues(pub: TookOverPublicView): Map<number, SeatCue> {
    const cues = new Map<number, SeatCue>();
    if (pub.phase === 'over') return cues;
    pub.players.forEach((_, s) => {
      if (s !== pub.active && (pub.taker === null || s === pub.taker)) cues.set(s, { symbol: '⚡', label: t(`${NS}taker`) });
    });
    return cues;
  }

  onKey(frame: RenderContext<TookOverAction>, key: string): void {
    const ctx = this.ctx ?? frame;
    const hand = this.last?.mine?.hand ?? [];
    const k = key.toLowerCase();
    const legal = this.legal();
    if (key >= '1' && key <= '9') {
      const c = hand[Number(key) - 1];
      if (c && (legal.place.has(c.id) || legal.take.has(c.id))) this.toggle(c.id);
    } else if (key === 'Enter') {
      const [id] = [...this.selected];
      if (this.selected.size === 1 && legal.place.has(id)) this.place(ctx, id);
    } else if (k === 't' && legal.take.size > 0) this.takeOver(ctx);
    else if (k === 'p' && legal.pass) ctx.act({ type: 'pass' });
    else if (key === 'Escape') { this.selected.clear(); this.draw(); }
  }

  /** What the engine accepts from me now (rules.ts applyTookOver), pace included. */
  private legal(): { place: Set<string>; take: Set<string>; pass: boolean; paceLeft: number } {
    const none = { place: new Set<string>(), take: new Set<string>(), pass: false, paceLeft: 0 };
    const { pub, mine } = this.last ?? {};
    if (!pub || !mine || !this.ctx || pub.phase === 'over' || !this.gate.open) return none;
    const paceLeft = pub.paceUntil + PACE_MARGIN_MS - this.ctx.serverNow();
    const ready = pub.active === mine.seat && paceLeft <= 0;
    return {
      place: new Set(ready ? mine.hand.filter((c) => mine.canPlace.includes(c.id) && sideFor(pub.line, c) !== null).map((c) => c.id) : []),
      take: new Set(pub.gap ? mine.canTakeOver : []),
      pass: ready && mine.canPass,
      paceLeft,
    };
  }

  private draw(): void {
    const ctx = this.ctx, last = this.last;
    if (!ctx || !last || !this.pieces) return;
    const { pub: view, mine: seat } = last;
    const { scene, width, height } = ctx;
    const stage = this.pieces;
    this.table.clear();
    const hand = seat?.hand ?? [];
    for (const id of [...this.selected]) if (!hand.some((c) => c.id === id)) this.selected.delete(id);
    const legal = this.legal();
    for (const id of [...this.selected]) if (!legal.take.has(id) && !legal.place.has(id)) this.selected.delete(id);
    this.paceTimer?.remove();
    if (legal.paceLeft > 0 && view.active === seat?.seat) this.paceTimer = scene.time.delayedCall(legal.paceLeft + 10, () => this.draw());
    const name = (s: number): string => (s === ctx.mySeat ? t(`${NS}you`) : ctx.seats.find((x) => x.seat === s)?.name ?? t(`${NS}seat`, { n: s + 1 }));
    const text = (key: string, x: number, y: number, s: string, size = 14, colour = '#f2f2f2', style: Partial<LabelStyle> = {}) =>
      stage.label(key, x, y, s, { size, colour, ...style });

    // sizes: one card size for line and hand, so a placed card only slides; the hand wraps in rows
    const landscape = width > height * 1.6;
    const nPlayers = view.players.length;
    const pCols = landscape ? nPlayers : width >= 520 ? Math.min(2, nPlayers) : 1;
    const playersH = 20 * Math.ceil(nPlayers / pCols);
    const handW = landscape ? width - 196 : width;
    const handWords = legal.take.size > 0 ? t(`${NS}handTake`) : t(`${NS}hand`);
    const handLabel = seat ? text('hand-label', 0, 0, handWords, 13, '#cfd6e6', landscape ? { maxWidth: handW } : { wrap: width - 4 }) : null;
    const labelH = handLabel ? handLabel.height + 4 : 0;
    // info line, line, clock, players, hand label, the raise of a chosen card, buttons (portrait)
    const fixed = 20 + 6 + 22 + playersH + 6 + labelH + 12 + (landscape || !seat ? 0 : TAP + 12);
    const handN = Math.max(1, hand.length);
    let w = 80, ch = 108, per = handN, rows = 1;
    for (; w > 44; w -= 2) {
      ch = Math.max(58, w * 1.35);
      per = Math.max(1, Math.floor((handW + 6) / (w + 6)));
      rows = seat ? Math.ceil(handN / per) : 0;
      if (fixed + ch + rows * (ch + 6) <= height) break;
    }
    if (w <= 44) {
      w = 44; ch = 58;
      per = Math.max(1, Math.floor((handW + 6) / (w + 6)));
      rows = seat ? Math.ceil(handN / per) : 0;
    }
    const size: CardSize = { w, h: ch };

    // the line
    let y = 0;
    text('line-info', 0, y, t(`${NS}lineInfo`, { discarded: t(`${NS}discarded`, { count: view.discarded }), aside: t(`${NS}aside`, { count: view.setAside }) }), 14, '#f2f2f2', { maxWidth: width });
    y += 20;
    const n = view.line.length;
    const zone = 50;
    const room = width - 2 * zone - 12;
    // A long line narrows its cards (down to 30 px) before they overlap, so their numbers stay apart.
    const lw = Math.min(w, Math.max(30, (room - 16) / Math.max(1, n) - 4));
    const lineSize: CardSize = lw === w ? size : { w: lw, h: Math.max(42, lw * 1.35) };
    const step = n <= 1 ? 0 : Math.min(lw + 4, (room - lw - 16) / (n - 1));
    const gapIndex = view.gap ? view.line.findIndex((c) => c.value === view.gap!.high) : -1;
    const lineW = step * Math.max(0, n - 1) + lw + (gapIndex > 0 ? 16 : 0);
    const x0 = (width - lineW) / 2 + lw / 2;
    const ly = y + size.h / 2;
    this.lineSpot = { x: width / 2, y: ly, top: y - 10, bottom: y + size.h + 10 };
    this.discardSpot = { x: width - 20, y: ly };
    const spotOf = (i: number): Spot => ({ x: x0 + i * step + (gapIndex > 0 && i >= gapIndex ? 16 : 0), y: ly });
    const endZone = (key: string, x: number, label: string) => {
      stage.shape(`${key}-zone`, `${x}|${ly}|${zone}|${size.h}`, (sc) => sc.add.rectangle(x, ly, zone - 6, size.h, 0x2b3550, 0.6).setStrokeStyle(1, 0x4a5674));
      // one word a line ("←", "plus", "petit"): the zone is narrow
      text(key, x, ly, label.split(' ').join('\n'), 12, '#9fb0d0', { origin: [0.5, 0.5], maxWidth: zone - 8 }).setAlign('center');
    };
    if (n > 0) {
      endZone('lower', zone / 2, t(`${NS}lower`));
      endZone('higher', width - zone / 2, t(`${NS}higher`));
    } else text('empty-line', width / 2, ly, t(`${NS}emptyLine`), 13, '#9fb0d0', { origin: [0.5, 0.5] });
    if (view.gap && gapIndex > 0) {
      const gx = (spotOf(gapIndex - 1).x + spotOf(gapIndex).x) / 2 + 1;
      stage.shape('gap', `${gx}|${ly}|${size.h}`, (sc) => sc.add.rectangle(gx, ly, 8, size.h + 12, 0xd64545).setStrokeStyle(2, 0xffffff), 'over');
    }
    y += size.h + 6;
    const gapText = view.gap ? ` · ${t(`${NS}gap`, { low: view.gap.low, high: view.gap.high })}` : '';
    // Its words are the tick's: the stage keeps the label, the tick writes it.
    const clock = text('clock', 0, y, '', 15, '#f2c14e');
    this.tick = () => {
      if (!clock.active) return;
      clock.setFontSize(15); // fitText shrinks it for a long line; a shorter one gets its size back
      if (view.phase === 'over') return void clock.setText(view.winner !== null ? t(`${NS}won`, { name: name(view.winner) }) : t(`${NS}over`));
      // The frame's top bar counts the turn down: here, only whose turn it is.
      if (ctx.frameClock) return void fitText(clock.setText(`${name(view.active)} · ▶ ${t(`${NS}turn`)}${gapText}`), width);
      const now = ctx.serverNow();
      const pace = view.paceUntil - now;
      const line = pace > 0
        ? t(`${NS}clock.pace`, { name: name(view.active), s: (pace / 1000).toFixed(1) })
        : t(`${NS}clock.idle`, { name: name(view.active), s: (Math.max(0, view.idleUntil - now) / 1000).toFixed(1) });
      clock.setText(line + gapText);
      fitText(clock, width);
    };
    this.tick();
    y += 22;

    // players: role written, never only an arrow or a colour
    const cols = pCols;
    const colW = width / cols;
    view.players.forEach((p, s) => {
      const x = (s % cols) * colW;
      const py = y + Math.floor(s / cols) * 20;
      const role = view.phase === 'over' ? '' : s === view.active ? ` · ▶ ${t(`${NS}turn`)}` : (view.taker === null ? s !== view.active : s === view.taker) ? ` · ⚡ ${t(`${NS}taker`)}` : '';
      text(`seat-${s}`, x, py, `${t(`${NS}seatCounts`, { label: name(s), counts: t(`${NS}counts`, { hand: p.hand, stack: p.stack }) })}${role}`, 13, s === ctx.mySeat ? '#f2c14e' : '#f2f2f2', { bold: s === view.active, maxWidth: colW - 8 });
    });
    y += playersH + 6;

    // the line, then my hand
    view.line.forEach((card, i) => {
      // A rival's card fades in where it lands (its flight would cross the texts above the line).
      const piece = this.putCard(card, lineSize, spotOf(i), view.latest?.id === card.id ? 0xf2c14e : 0x222222);
      this.setHandTap(piece, card.id, null);
    });
    if (seat) {
      handLabel?.setPosition(0, y);
      const top = y + labelH + 10;
      hand.forEach((card, i) => {
        const sel = this.selected.has(card.id);
        const live = legal.place.has(card.id) || legal.take.has(card.id);
        const cx = (i % per) * (w + 6) + w / 2;
        const cy = top + Math.floor(i / per) * (size.h + 6) + size.h / 2;
        const at = { x: cx, y: cy - (sel ? 10 : 0), alpha: live || (legal.place.size === 0 && legal.take.size === 0) ? 1 : 0.55 };
        const piece = this.putCard(card, size, at, sel ? 0xf2c14e : live ? 0x7fd1ff : 0x222222);
        this.setHandTap(piece, card.id, live ? card : null);
        // a card that may take over: ⚡ in its bottom corner (the band carries no text)
        if (legal.take.has(card.id)) text(`may-take-${card.id}`, cx + w / 2 - 3, cy + size.h / 2 - 3, '⚡', 12, '#ffb36b', { origin: [1, 1] });
      });
      const by = landscape ? y : top + rows * (size.h + 6) + 6;
      const bx = landscape ? width - 188 : 0;
      const passB = stage.button('pass', t(`${NS}pass`), 'pass', () => ctx.act({ type: 'pass' }), { enabled: legal.pass, width: landscape ? 188 : undefined }).setPosition(bx, by);
      const takeX = landscape ? bx : passB.x + passB.width + 12;
      const takeY = landscape ? by + TAP + 8 : by;
      const takeB = stage.button('takeover', t(`${NS}takeOver`), 'takeover', () => this.takeOver(ctx), { enabled: legal.take.size > 0, big: true, colour: '#ff7b7b', width: landscape ? 188 : undefined, fontSize: landscape ? 16 : 20 }).setPosition(takeX, takeY);
      fitText(takeB, width - takeX);
    }
    stage.end(() => this.discardSpot);

    if (view.phase === 'over') ctx.hint(view.winner === ctx.mySeat ? t(`${NS}hint.won`) : t(`${NS}hint.over`));
    else if (!seat) ctx.hint(t(`${NS}hint.watching`, { name: name(view.active) }));
    else if (legal.take.size > 0) ctx.hint(t(`${NS}hint.take`, { low: view.gap?.low, high: view.gap?.high }));
    else if (view.active !== seat.seat) ctx.hint(t(`${NS}hint.watch`, { name: name(view.active) }));
    else if (legal.paceLeft > 0) ctx.hint(t(`${NS}hint.pace`));
    else if (legal.pass) ctx.hint(t(`${NS}hint.pass`));
    else if (n === 0) ctx.hint(t(`${NS}hint.open`));
    else ctx.hint(t(`${NS}hint.place`));
  }

  private putCard(card: NumberedCard, size: CardSize, at: Spot, border: number, from?: Spot): Phaser.GameObjects.Container {
    return this.pieces!.piece(card.id, `${card.id}#${border}`, size.w, size.h,
      (c) => c.add(drawCard(c.scene, 0, 0, size, card, border)), at, from);
  }

  /** Tap = place (my turn) or select (take-over); drag onto the line = place / take over with it. */
  private setHandTap(piece: Phaser.GameObjects.Container, id: string, card: NumberedCard | null): void {
    piece.off('dragstart').off('drag').off('dragend');
    if (!card) {
      if (piece.input) piece.disableInteractive();
      unmarkTarget(piece);
      return;
    }
    piece.setInteractive({ useHandCursor: true, draggable: true });
    markTarget(piece, `hand-${id}`);
    let start = { x: 0, y: 0 };
    piece.on('dragstart', () => { start = { x: piece.x, y: piece.y }; piece.setData('dragging', true); piece.parentContainer?.bringToTop(piece); });
    piece.on('drag', (_p: Phaser.Input.Pointer, x: number, y: number) => piece.setPosition(x, y));
    piece.on('dragend', () => {
      piece.setData('dragging', false);
      const moved = Math.hypot(piece.x - start.x, piece.y - start.y);
      const ctx = this.ctx;
      if (!ctx) return;
      if (moved < 12) {
        piece.setPosition(start.x, start.y);
        return void this.tapCard(ctx, id);
      }
      const onLine = piece.y >= this.lineSpot.top && piece.y <= this.lineSpot.bottom;
      const legal = this.legal();
      if (onLine && legal.place.has(id)) return this.place(ctx, id);
      if (onLine && legal.take.has(id)) { this.selected.add(id); return this.takeOver(ctx); }
      this.ctx!.scene.tweens.add({ targets: piece, x: start.x, y: start.y, duration: 200 });
    });
  }

  private tapCard(ctx: RenderContext<TookOverAction>, id: string): void {
    const legal = this.legal();
    if (legal.place.has(id)) this.place(ctx, id);
    else if (legal.take.has(id)) this.toggle(id);
  }

  private toggle(id: string): void {
    if (!this.selected.delete(id)) this.selected.add(id);
    this.ctx?.scene.time.delayedCall(0, () => this.draw());
  }

  private place(ctx: RenderContext<TookOverAction>, id: string): void {
    this.selected.clear();
    ctx.act({ type: 'place', card: id }, () => this.fly(ctx, [id]));
  }

  private takeOver(ctx: RenderContext<TookOverAction>): void {
    const legal = this.legal();
    const chosen = [...this.selected].filter((id) => legal.take.has(id));
    const cards = chosen.length > 0 ? chosen : [...legal.take];
    if (cards.length === 0) return;
    this.selected.clear();
    ctx.act({ type: 'takeOver', cards }, () => this.fly(ctx, cards));
  }

  /** Cards fly to the line at once; if refused they slide back to the hand. */
  private fly(ctx: RenderContext<TookOverAction>, ids: string[]): () => void {
    const moved = ids.flatMap((id) => { const s = this.pieces?.get(id); return s?.active ? [{ s, x: s.x, y: s.y }] : []; });
    for (const m of moved) ctx.scene.tweens.add({ targets: m.s, x: this.lineSpot.x, y: this.lineSpot.y, duration: 180 });
    return () => {
      for (const m of moved) if (m.s.active) ctx.scene.tweens.add({ targets: m.s, x: m.x, y: m.y, duration: 300, ease: 'Back.easeOut' });
    };
  }
}
