/**
 * Trafficcars Rush Hour table: the rows as lanes of a traffic jam, the last turn's simultaneous
 * reveal played out step by step (rowsBefore + steps, client/games/rush_hour/replay.ts), every
 * player's pick flag, penalty pile and points, your hand and the row choices asked of you.
 * Every card is one kept piece keyed by its id: it flips in the reveal, slides from the reveal to
 * its row, and a taken row flies into its taker's penalty pile. Only what the engine would accept
 * is lit: hand cards while picking, the rows of `canChoose` when a row is asked of you.
 */
import type Phaser from 'phaser';
import type { GameRenderer, RenderContext } from '../renderer.js';
import type { RushHourAction } from '../../../shared/games/rush_hour/actions.js';
import type { PublicCard, RushHourPublicView, RushHourSeatView } from '../../../shared/games/rush_hour/views.js';
import { t } from '../../i18n/index.js';
import { tableButton, tapArea } from '../controls.js';
import { Stage, type Layer } from '../stage.js';
import { cardLabel, cardPoints, drawBack, drawCard, drawFreeSpot, type CardSize } from './cardFace.js';
import { endOf, rowsAfter, stepText, toSim, type SimRow } from './replay.js';
import { rushLayout, type RushLayout } from './layout.js';
import { pickOpen } from './pickWindow.js';
import { DeferredRedraw } from '../deferredRedraw.js';
import { fitText } from '../controls.js';

const GOLD = 0xf2c14e;
const STEP_MS = 650;
const KIND_ORDER: Record<PublicCard['kind'], number> = { car: 0, trailer: 0, ambulance: 101, police: 102, tow: 103 };
const FONT = 'system-ui, sans-serif';
const txt = (size: number, color = '#f2f2f2', bold = false) => ({ fontSize: `${size}px`, color, fontStyle: bold ? 'bold' : 'normal', fontFamily: FONT });
const tt = (key: string, opts?: Record<string, unknown>): string => t(`table_rush_hour:${key}`, opts);

interface Spot { x: number; y: number; size: CardSize; highlight?: number; dim?: boolean; depth: number }

export class RushHourRenderer implements GameRenderer<RushHourPublicView, RushHourSeatView, RushHourAction> {
  get keysHelp(): string { return tt('keys'); }
  /** Texts, boxes and buttons kept by key too, drawn in the order each render names them. */
  private stage = Object.assign(new Stage(), { ordered: true });
  private ctx: RenderContext<RushHourAction> | null = null;
  private last: { pub: RushHourPublicView; mine: RushHourSeatView | null } | null = null;
  private cursor = -1;
  private predictedPick: number | null = null;
  private predictedRow: number | null = null;
  private seen = false;
  private replayKey = '';
  private shown = 0;
  private freshReveal = false;
  private stepTimer: Phaser.Time.TimerEvent | null = null;
  private clockTimer: Phaser.Time.TimerEvent | null = null;
  private clock: { text: Phaser.GameObjects.Text; label: string; deadline: number } | null = null;
  private deferred = new DeferredRedraw(() => {
    const ctx = this.ctx;
    if (ctx && this.last && ctx.layer.active) this.render(ctx, this.last.pub, this.last.mine);
  });
  private lastStepShown = -1;
  private boxes = new Map<number, { x: number; y: number }>();
  /** The hand page shown and how many cards a page holds, when the hand is too long for its room. */
  private page = 0;
  private perPage = Infinity;

  render(ctx: RenderContext<RushHourAction>, view: RushHourPublicView, seat: RushHourSeatView | null): void {
    this.ctx = ctx;
    this.last = { pub: view, mine: seat };
    this.stage.attach(ctx.scene, ctx.layer);
    this.stage.begin();
    this.syncPredictions(view, seat);
    this.syncReplay(ctx, view);
    this.clock = null;
    const lt = view.lastTurn;
    const replaying = lt !== null && this.shown < lt.steps.length;
    const rows: SimRow[] = replaying && lt ? rowsAfter(lt.rowsBefore, lt.steps.slice(0, this.shown)) : toSim(view.rows);
    const hand = seat && ctx.mySeat !== null ? sortHand(seat.hand) : [];
    const maxSlots = Math.max(view.options.noHeavyJam ? 6 : 5, ...rows.map((r) => r.length + (view.options.noHeavyJam ? 1 : 0)));
    const headerH = this.drawHeader(ctx, view, seat);
    const L = rushLayout(ctx.width, ctx.height, headerH, rows.length, maxSlots, hand.length, view.players.length, ctx.mySeat !== null);
    const spots = new Map<number, Spot>();
    this.drawRows(ctx, view, seat, rows, L, spots);
    this.drawReveal(ctx, view, L, spots);
    this.drawPlayers(ctx, view, L, spots);
    if (seat && ctx.mySeat !== null) this.drawHand(ctx, view, seat, hand, L, spots);
    this.placeCards(ctx, view, seat, spots);
    this.stage.end();
    this.hint(ctx, view, seat);
    this.animate(ctx, view, L);
    this.clockTimer ??= ctx.scene.time.addEvent({ delay: 250, loop: true, callback: () => this.updateClock() });
  }

  onKey(ctx: RenderContext<RushHourAction>, key: string): void {
    const view = this.last?.pub;
    const mine = this.last?.mine;
    if (!view || !mine || view.over) return;
    const digit = /^[0-9]$/.test(key) ? (key === '0' ? 10 : Number(key)) : null;
    if (mine.canChoose.length > 0) {
      if (digit !== null && digit <= view.rows.length) this.chooseRow(ctx, digit - 1);
      return;
    }
    if (view.phase !== 'pick') return;
    const hand = sortHand(mine.hand);
    if (key === 'PageDown' || key === 'PageUp') return this.turnPage(key === 'PageDown' ? 1 : -1);
    if (digit !== null && digit <= hand.length) {
      this.page = Math.floor((digit - 1) / this.perPage);
      return this.pick(ctx, hand[digit - 1].id, digit - 1);
    }
    if (key === 'ArrowRight' || key === 'ArrowLeft') {
      const step = key === 'ArrowRight' ? 1 : -1;
      this.cursor = this.cursor < 0 ? (step > 0 ? 0 : hand.length - 1) : (this.cursor + step + hand.length) % hand.length;
      this.page = Math.floor(this.cursor / this.perPage);
      ctx.hint(tt('hint.selected', { card: cardLabel(hand[this.cursor]) }));
      this.redraw();
    } else if ((key === 'Enter' || key === ' ') && hand[this.cursor]) this.pick(ctx, hand[this.cursor].id, this.cursor);
  }

  destroy(): void {
    this.stepTimer?.remove();
    this.clockTimer?.remove();
    this.stepTimer = this.clockTimer = null;
    this.stage.destroy();
  }

  // ---- actions -------------------------------------------------------------------------------

  private pick(ctx: RenderContext<RushHourAction>, card: number, index: number): void {
    const view = this.last?.pub;
    const mine = this.last?.mine;
    // The engine takes a pick only while picking, of a card in the hand.
    if (!view || !mine || !pickOpen(view, ctx.mySeat, this.predictedPick) || !mine.hand.some((c) => c.id === card)) return;
    this.cursor = index;
    ctx.act({ type: 'pick', card }, () => {
      this.predictedPick = card;
      this.redraw();
      return () => { this.predictedPick = null; this.redraw(); };
    });
  }

  private chooseRow(ctx: RenderContext<RushHourAction>, row: number): void {
    const allowed = this.last?.mine?.canChoose ?? [];
    if (!allowed.includes(row)) return ctx.hint(tt('hint.rowNotAllowed', { row: row + 1, rows: allowed.map((r) => r + 1).join(' / ') }));
    ctx.act({ type: 'row', row }, () => {
      this.predictedRow = row;
      this.redraw();
      return () => { this.predictedRow = null; this.redraw(); };
    });
  }

  private redraw(): void {
    this.deferred.request();
  }

  private syncPredictions(view: RushHourPublicView, mine: RushHourSeatView | null): void {
    const p = this.predictedPick;
    if (p !== null && (!mine || view.phase !== 'pick' || mine.pick?.id === p || !mine.hand.some((c) => c.id === p))) this.predictedPick = null;
    if (this.predictedRow !== null && (!mine || mine.canChoose.length === 0 || mine.secretRow === this.predictedRow)) this.predictedRow = null;
  }

  // ---- replay of the last turn ---------------------------------------------------------------

  private syncReplay(ctx: RenderContext<RushHourAction>, view: RushHourPublicView): void {
    const lt = view.lastTurn;
    const key = lt ? `${lt.deal}-${lt.turn}` : '';
    if (key !== this.replayKey) {
      // Joining mid-game shows the last turn as it ended; a reveal seen live is played out.
      this.shown = this.seen ? 0 : lt?.steps.length ?? 0;
      this.freshReveal = this.seen && lt !== null;
      this.replayKey = key;
      this.lastStepShown = this.shown - 1;
    }
    this.seen = true;
    if (lt && this.shown < lt.steps.length && !this.stepTimer) {
      this.stepTimer = ctx.scene.time.addEvent({ delay: STEP_MS, loop: true, callback: () => this.tick() });
    }
  }

  private tick(): void {
    const lt = this.last?.pub.lastTurn;
    if (lt && this.shown < lt.steps.length) {
      this.shown++;
      this.redraw();
    }
    if (!lt || this.shown >= lt.steps.length) {
      this.stepTimer?.remove();
      this.stepTimer = null;
    }
  }

  private animate(ctx: RenderContext<RushHourAction>, view: RushHourPublicView, L: RushLayout): void {
    const lt = view.lastTurn;
    if (this.freshReveal && lt) {
      this.freshReveal = false;
      lt.revealed.forEach((r, i) => this.stage.flip(`card-${r.card.id}`, i * 80));
    }
    if (!lt || this.shown - 1 === this.lastStepShown) return;
    this.lastStepShown = this.shown - 1;
    const step = lt.steps[this.shown - 1];
    if (step?.kind !== 'take') return;
    // The taken row's points fly to the taker's box (the cards fly there as pieces).
    const box = this.boxes.get(step.seat);
    const y = L.rows.y + step.row * L.unit + L.unit / 2;
    const label = ctx.scene.add.text(L.rows.x + 40, y, tt('plusPoints', { count: step.points }), { ...txt(17, '#ff8a8a', true), backgroundColor: '#1d2330' });
    ctx.layer.add(label);
    ctx.scene.tweens.add({
      targets: label, x: box ? box.x + 10 : label.x, y: box ? box.y + 10 : label.y - 30, alpha: 0.2, duration: 600, ease: 'Cubic.easeIn',
      onComplete: () => label.destroy(),
    });
  }

  // ---- drawing -------------------------------------------------------------------------------

  private name(ctx: RenderContext<RushHourAction>, seat: number): string {
    if (seat === ctx.mySeat) return tt('you');
    return ctx.seats.find((s) => s.seat === seat)?.name ?? tt('seat', { n: seat + 1 });
  }

  private special(kind: string): string {
    return tt(`special.${kind}`);
  }

  /** Two lines: deal, turn and priority; what is asked now, with its clock. Returns their height. */
  private drawHeader(ctx: RenderContext<RushHourAction>, view: RushHourPublicView, mine: RushHourSeatView | null): number {
    const { width } = ctx;
    const o = view.options;
    const order = view.priority.map((s) => this.name(ctx, s)).join(' → ');
    const deal = o.deals > 1 ? `${tt('deal', { n: view.deal, of: o.deals })} · ` : '';
    const line1 = this.text('header', 0, 0, `${deal}${tt('turnOf', { n: Math.min(view.turn, o.handSize), of: o.handSize })} · ${tt('priority', { order })}`, { ...txt(13, '#cfd6e6'), wordWrap: { width } });
    let label = '';
    let deadline: number | null = null;
    const p = view.prompt;
    if (view.over) label = tt('prompt.over');
    else if (view.phase === 'pick') {
      label = mine && mine.pick === null && this.predictedPick === null ? tt('prompt.pick') : tt('prompt.picking');
      deadline = view.pickDeadline;
    } else if (p?.kind === 'group') {
      const names = p.seats.map((s, i) => `${this.name(ctx, s)}${p.chosen[i] ? ' ✔' : ' …'}`).join(', ');
      label = tt('prompt.group', { special: this.special(p.special), names });
      deadline = p.deadline;
    } else if (p?.kind === 'card') {
      label = tt(`prompt.card.${p.mode}`, { who: this.name(ctx, p.seat), card: cardLabel(p.card), rows: p.rows.map((r) => r + 1).join(', ') });
      deadline = p.deadline;
    } else label = tt('prompt.placing');
    // The frame's top bar counts this deadline down: a second count here could only disagree with it.
    const ticking = deadline !== null && !ctx.frameClock;
    // Its words while it counts down are the clock's (updateClock), so the kept text is not remade every second.
    const text = this.text('prompt', 0, line1.height + 2, label, { ...txt(15, '#f2c14e', true), wordWrap: { width } }, undefined, `|${ticking}`);
    if (deadline !== null && ticking) {
      this.clock = { text, label, deadline };
      this.updateClock();
    }
    return text.y + Math.max(text.height, 20) + 6;
  }

  private updateClock(): void {
    const c = this.clock;
    if (!c || !c.text.active || !this.ctx) return;
    const s = Math.max(0, Math.ceil((c.deadline - this.ctx.serverNow()) / 1000));
    c.text.setText(tt('clock', { label: c.label, s })).setColor(s <= 5 ? '#ff7b7b' : '#f2c14e');
  }

  private drawRows(ctx: RenderContext<RushHourAction>, view: RushHourPublicView, mine: RushHourSeatView | null, rows: SimRow[], L: RushLayout, spots: Map<number, Spot>): void {
    const allowed = view.over ? [] : mine?.canChoose ?? [];
    const myRow = this.predictedRow ?? mine?.secretRow ?? null;
    const { x: x0, y: top, w: rowsW } = L.rows;
    const size = L.rowCard;
    rows.forEach((row, r) => {
      const y = top + r * L.unit;
      const h = L.unit - 6;
      const choosable = allowed.includes(r);
      const bg = this.stage.shape(`row-${r}`, `${x0}|${y}|${rowsW}|${h}|${choosable}`,
        (scene) => scene.add.rectangle(x0, y, rowsW, h, choosable ? 0x3a3420 : 0x2a3142).setOrigin(0).setStrokeStyle(choosable ? 3 : 1, choosable ? GOLD : 0x4a5674));
      tapArea(bg, `row-${r}`, choosable ? () => this.chooseRow(ctx, r) : null);
      const heavy = !view.options.noHeavyJam;
      this.stage.shape(`lane-${r}`, `${x0}|${y}|${rowsW}|${h}|${L.labelW}|${L.slotW}|${heavy}`, (scene) => {
        const lane = scene.add.graphics().lineStyle(2, 0x59627a, 0.6);
        for (let x = x0 + L.labelW; x < x0 + rowsW - 10; x += 24) lane.lineBetween(x, y + h - 4, x + 12, y + h - 4);
        if (heavy) {
          // The heavy-jam line after the 4th slot: a red dashed bar with a warning triangle.
          const jx = x0 + L.labelW + 4 * L.slotW - 2;
          lane.lineStyle(2, 0xd65a5a, 0.9);
          for (let yy = y + 4; yy < y + h - 4; yy += 8) lane.lineBetween(jx, yy, jx, Math.min(y + h - 4, yy + 4));
          lane.fillStyle(0xd65a5a).fillTriangle(jx + 3, y + 4, jx + 13, y + 4, jx + 8, y + 13);
        }
        return lane;
      });
      const { end, open } = endOf(row);
      this.text(`row-${r}-n`, x0 + 5, y + 3, `${r + 1}`, txt(Math.min(22, h * 0.45), '#ffffff', true));
      const status = open ? tt('row.open') : end !== null ? `→${end}` : '';
      this.text(`row-${r}-status`, x0 + 5, y + h - 4, status, txt(11, open ? '#9fe29f' : '#cfd6e6', open), [0, 1]);
      if (choosable && L.slotW > 50) this.text(`row-${r}-tap`, x0 + rowsW - 6, y + h - 4, tt('row.tap', { n: r + 1 }), txt(11, '#f2c14e', true), [1, 1]);
      if (myRow === r) this.text('row-mine', x0 + rowsW - 6, y + 3, `✔ ${tt('row.yours')}`, { ...txt(12, '#1d2330', true), backgroundColor: '#f2c14e' }, [1, 0]);
      row.forEach((slot, k) => {
        const x = x0 + L.labelW + k * L.slotW;
        const cy = y + (h - size.h) / 2;
        if (slot.length === 0) return void this.stage.shape(`free-${r}-${k}`, `${x}|${cy}|${size.w}|${size.h}`, (scene) => drawFreeSpot(scene, x, cy, size));
        const d = slot.length > 1 ? Math.min(4, 10 / (slot.length - 1)) : 0;
        slot.forEach((card, i) => spots.set(card.id, { x: x + i * d, y: cy - (slot.length - 1 - i) * d * 0.5, size, depth: 10 + i }));
        if (slot.length > 1) this.text(`stack-${r}-${k}`, x + size.w + (slot.length - 1) * d, cy, `×${slot.length}`, { ...txt(11, '#111', true), backgroundColor: '#f2c14e' }, [1, 0.3], '', 'over');
      });
    });
  }

  /** The revealed cards still waiting for their place, in placement order; else the latest step in words. */
  private drawReveal(ctx: RenderContext<RushHourAction>, view: RushHourPublicView, L: RushLayout, spots: Map<number, Spot>): void {
    const lt = view.lastTurn;
    const { x, y, w, h } = L.reveal;
    if (h <= 0) return;
    this.stage.shape('reveal', `${x}|${y}|${w}|${h}`, (scene) => scene.add.rectangle(x, y, w, h - 4, 0x1f2533).setOrigin(0).setStrokeStyle(1, 0x4a5674));
    if (!lt) return void this.text('reveal-line', x + 8, y + 6, tt('reveal.empty'), { ...txt(12, '#aab3c5'), wordWrap: { width: w - 16 } });
    const placed = new Set(lt.steps.slice(0, this.shown).flatMap((s) => (s.kind === 'take' ? [] : [s.card.id])));
    const waiting = lt.revealed.filter((r) => !placed.has(r.card.id));
    const size = L.revealCard;
    const name = (seat: number) => this.name(ctx, seat);
    if (waiting.length > 0) {
      waiting.forEach((r, i) => {
        const cx = x + 6 + i * (size.w + 6);
        if (cx + size.w > x + w) return;
        spots.set(r.card.id, { x: cx, y: y + 4, size, depth: 30 });
        const late = lt.timedOut.includes(r.seat) ? '⏱' : '';
        this.text(`reveal-${r.seat}`, cx + size.w / 2, y + 6 + size.h, `${late}${name(r.seat)}`, { ...txt(10, '#cfd6e6'), wordWrap: { width: size.w + 4 }, maxLines: 1 }, [0.5, 0]);
      });
      return;
    }
    const steps = lt.steps.slice(0, this.shown);
    const latest = steps.at(-1);
    const line = latest ? stepText(latest, name, latest.seat === ctx.mySeat) : tt('reveal.turn', { n: lt.turn });
    this.text('reveal-line', x + 8, y + 6, `${tt('reveal.last', { n: lt.turn })} ${line}`, { ...txt(12, '#cfd6e6'), wordWrap: { width: w - 16 }, maxLines: Math.max(1, Math.floor((h - 10) / 15)) });
  }

  private drawPlayers(ctx: RenderContext<RushHourAction>, view: RushHourPublicView, L: RushLayout, spots: Map<number, Spot>): void {
    const p = view.prompt;
    const { x: x0, y: y0, w } = L.players;
    const bw = w / L.playerCols;
    this.boxes.clear();
    const chip: CardSize = L.compactPlayers ? { w: 13, h: 19 } : { w: 18, h: 26 };
    view.players.forEach((pl, k) => {
      const x = x0 + (k % L.playerCols) * bw;
      const y = y0 + Math.floor(k / L.playerCols) * L.playerH;
      const me = pl.seat === ctx.mySeat;
      const key = `seat-${pl.seat}`;
      this.stage.shape(`${key}-box`, `${x}|${y}|${bw}|${L.playerH}|${me}`, (scene) => scene.add.rectangle(x, y, bw - 6, L.playerH - 6, me ? 0x33405a : 0x262d3d).setOrigin(0).setStrokeStyle(1, me ? GOLD : 0x4a5674));
      this.boxes.set(pl.seat, { x, y });
      const lead = pl.seat === view.lead ? ` · ${tt('lead')}` : '';
      // Shrunk, then cut with "…", on one line: wrapped to a hidden second line it read "Vous ·".
      this.text(`${key}-name`, x + 6, y + 3, `${this.name(ctx, pl.seat)}${lead}`, txt(13, me ? '#f2c14e' : '#ffffff', true), undefined, `|${bw - 44}`, 'under', (text) => fitText(text, bw - 44));
      let flag = '';
      if (view.phase === 'pick') flag = pl.picked || (me && this.predictedPick !== null) ? '✔' : '…';
      else if (p?.kind === 'group' && p.seats.includes(pl.seat)) flag = p.chosen[p.seats.indexOf(pl.seat)] ? '✔' : '…';
      else if (p?.kind === 'card' && p.seat === pl.seat) flag = '…';
      if (flag === '✔' && view.phase === 'pick') this.stage.shape(`${key}-flag`, `${x}|${y}|${bw}|back`, (scene) => drawBack(scene, x + bw - 30, y + 4, { w: 16, h: 22 }));
      else if (flag) this.text(`${key}-flag`, x + bw - 12, y + 3, flag, txt(14, flag === '✔' ? '#9fe29f' : '#aab3c5', true), [1, 0]);
      const stats = L.compactPlayers ? tt('points', { count: pl.points }) : `${tt('points', { count: pl.points })} · ${tt('hand', { count: pl.handCount })}`;
      this.text(`${key}-stats`, x + 6, y + 20, stats, { ...txt(12, '#cfd6e6'), wordWrap: { width: L.compactPlayers ? bw * 0.4 : bw - 14 }, maxLines: 1 });
      // The penalty pile: this deal's cards, face up, overlapping when there are many.
      const px = L.compactPlayers ? x + bw * 0.45 : x + 6;
      const room = (L.compactPlayers ? bw * 0.55 : bw) - 16;
      const stepX = pl.pile.length > 1 ? Math.min(chip.w + 2, (room - chip.w) / (pl.pile.length - 1)) : 0;
      const py = L.compactPlayers ? y + 22 : y + 36;
      pl.pile.forEach((c, i) => { if (!spots.has(c.id)) spots.set(c.id, { x: px + i * stepX, y: py, size: chip, depth: 40 + i }); });
    });
  }

  private drawHand(ctx: RenderContext<RushHourAction>, view: RushHourPublicView, mine: RushHourSeatView, hand: PublicCard[], L: RushLayout, spots: Map<number, Spot>): void {
    const picked = this.predictedPick ?? mine.pick?.id ?? null;
    const canPick = pickOpen(view, ctx.mySeat, this.predictedPick);
    const pickedCard = hand.find((c) => c.id === picked);
    const title = pickedCard ? tt(canPick ? 'handPickedChange' : 'handPicked', { card: cardLabel(pickedCard) }) : tt('handTitle');
    const size = L.handCard;
    // A hand longer than its room is shown a page at a time, between ◀ and ▶ (PgUp/PgDn too).
    this.perPage = L.handPaged ? L.handPerPage : Infinity;
    const pages = L.handPaged ? Math.max(1, Math.ceil(hand.length / L.handPerPage)) : 1;
    this.page = Math.max(0, Math.min(this.page, pages - 1));
    const pageNote = pages > 1 ? ` · ${tt('page', { n: this.page + 1, of: pages })}` : '';
    this.text('hand-title', L.hand.x, L.hand.y, `${title}${pageNote}`, { ...txt(13, '#f2c14e', true), wordWrap: { width: L.hand.w }, maxLines: 1 });
    let left = L.hand.x;
    if (pages > 1) {
      const lines = Math.ceil(L.handPerPage / L.handCols);
      const midY = L.hand.y + 20 + 5 + (lines * (size.h + L.gap) - L.gap) / 2 - 22;
      this.button(L.hand.x, midY, '◀', 'hand-prev', this.page > 0 ? () => this.turnPage(-1) : null, L.arrowW);
      this.button(L.hand.x + L.hand.w - L.arrowW, midY, '▶', 'hand-next', this.page < pages - 1 ? () => this.turnPage(1) : null, L.arrowW);
      left += L.arrowW + L.arrowGap;
    }
    const first = this.page * L.handPerPage;
    hand.forEach((card, i) => {
      const k = i - (pages > 1 ? first : 0);
      if (k < 0 || k >= L.handPerPage) {
        // Turned off the page: it fades out where it was, no longer tappable under the card taking its place.
        const off = this.stage.get(`card-${card.id}`);
        if (off) tapArea(off.list[0] as Phaser.GameObjects.Rectangle, `card-${card.id}`, null);
        return;
      }
      const isPick = card.id === picked;
      const x = left + (k % L.handCols) * (size.w + L.gap);
      const y = L.hand.y + 20 + Math.floor(k / L.handCols) * (size.h + L.gap) + (isPick ? 0 : 5);
      spots.set(card.id, { x, y, size, highlight: isPick ? GOLD : i === this.cursor && canPick ? 0x7fd1ff : undefined, dim: !canPick && !isPick, depth: 50 + i });
    });
    if (hand.length === 0) this.text('hand-empty', L.hand.x, L.hand.y + 22, tt('handEmpty'), txt(13, '#aab3c5'));
  }

  /**
   * A text kept by key, made again when its words, place or style change (`extra`: whatever else
   * `finish` reads). Under the pieces unless `layer` says otherwise, as when drawn into the decor.
   */
  private text(key: string, x: number, y: number, words: string, style: Phaser.Types.GameObjects.Text.TextStyle, origin?: [number, number], extra = '',
    layer: Layer = 'under', finish: (t: Phaser.GameObjects.Text) => Phaser.GameObjects.Text = (t) => t): Phaser.GameObjects.Text {
    return this.stage.shape(key, `${JSON.stringify([x, y, words, style, origin])}${extra}`, (scene) => {
      const text = scene.add.text(x, y, words, style);
      if (origin) text.setOrigin(...origin);
      return finish(text);
    }, layer);
  }

  /** A table button (controls.ts tableButton) kept by its id: what a tap does is set on every render. */
  private button(x: number, y: number, label: string, id: string, onTap: (() => void) | null, w: number): void {
    const made = this.stage.shape(id, `${x}|${y}|${label}|${onTap !== null}|${w}`, (scene) => {
      const c = scene.add.container(0, 0);
      tableButton(scene, c, x, y, label, id, onTap, { w });
      return c;
    });
    tapArea(made.list[0] as Phaser.GameObjects.Rectangle, id, onTap);
  }

  private turnPage(by: number): void {
    this.page = Math.max(0, this.page + by);
    this.redraw();
  }

  /** Every visible card is one piece: put each where this render says, and wire the hand's taps. */
  private placeCards(ctx: RenderContext<RushHourAction>, view: RushHourPublicView, mine: RushHourSeatView | null, spots: Map<number, Spot>): void {
    const { scene } = ctx;
    const canPick = mine !== null && pickOpen(view, ctx.mySeat, this.predictedPick);
    const inHand = new Set(mine?.hand.map((c) => c.id) ?? []);
    const hand = mine ? sortHand(mine.hand) : [];
    const cards = new Map<number, PublicCard>();
    const add = (c: PublicCard) => cards.set(c.id, c);
    view.rows.forEach((r) => r.slots.forEach((s) => { if ('cards' in s) s.cards.forEach(add); }));
    view.lastTurn?.rowsBefore.forEach((r) => r.slots.forEach((s) => { if ('cards' in s) s.cards.forEach(add); }));
    view.lastTurn?.revealed.forEach((r) => add(r.card));
    view.players.forEach((p) => p.pile.forEach(add));
    mine?.hand.forEach(add);
    for (const [id, spot] of spots) {
      const card = cards.get(id);
      if (!card) continue;
      const points = spot.size.w >= 30 ? cardPoints(card, view.options.trailerPoints) : undefined;
      const look = `${Math.round(spot.size.w)}x${Math.round(spot.size.h)}:${spot.highlight ?? ''}:${points ?? ''}`;
      const obj = this.stage.place(`card-${id}`, look, () => drawCard(scene, 0, 0, spot.size, card, { highlight: spot.highlight, points }), {
        x: spot.x, y: spot.y, depth: spot.depth, alpha: spot.dim ? 0.6 : 1,
      });
      const bg = obj.list[0] as Phaser.GameObjects.Rectangle;
      const index = hand.findIndex((c) => c.id === id);
      tapArea(bg, `card-${id}`, canPick && inHand.has(id) ? () => this.pick(ctx, id, index) : null);
    }
  }

  private hint(ctx: RenderContext<RushHourAction>, view: RushHourPublicView, mine: RushHourSeatView | null): void {
    if (view.over) return ctx.hint(tt('hint.over'));
    if (!mine || ctx.mySeat === null) return ctx.hint(tt('hint.watching'));
    const p = view.prompt;
    const rows = mine.canChoose.map((r) => r + 1).join(' / ');
    if (mine.canChoose.length > 0 && p?.kind === 'group') {
      const chosen = this.predictedRow ?? mine.secretRow;
      return ctx.hint(chosen !== null ? tt('hint.groupChosen', { row: chosen + 1, special: this.special(p.special) }) : tt('hint.group', { special: this.special(p.special), rows }));
    }
    if (mine.canChoose.length > 0 && p?.kind === 'card') return ctx.hint(tt(`hint.card.${p.mode}`, { card: cardLabel(p.card), rows }));
    if (view.phase === 'pick') {
      const picked = this.predictedPick ?? mine.pick?.id ?? null;
      return ctx.hint(picked === null ? tt('hint.pick') : tt('hint.picked'));
    }
    ctx.hint(tt('hint.placing'));
  }
}

/** Numbered cards ascending, then Ambulance, Police, Tow Truck: the keys 1–9, 0 follow this order. */
function sortHand(hand: PublicCard[]): PublicCard[] {
  return [...hand].sort((a, b) => (a.number ?? KIND_ORDER[a.kind]) - (b.number ?? KIND_ORDER[b.kind]) || a.id - b.id);
}
