/**
 * Trafficcars Rush Hour table: the rows as lanes of a traffic jam, the last turn's simultaneous
 * reveal replayed step by step (rowsBefore + steps), every player's pick flag, penalty pile and
 * points, your hand (click or 1–9/0 to pick, changeable until the reveal) and row choices (click a
 * lane or press 1–3) with the prompt's countdown.
 */
import type Phaser from 'phaser';
import type { GameRenderer, RenderContext } from '../renderer.js';
import type { PublicCard, RushHourPublicView, RushHourSeatView } from '../../../shared/games/rush_hour/views.js';
import { cardLabel, cardPoints, drawBack, drawCard, drawFreeSpot, type CardSize } from './cardFace.js';
import { endOf, rowsAfter, stepText, toSim, type SimRow } from './replay.js';

type Container = Phaser.GameObjects.Container;
interface Point { x: number; y: number }

const GOLD = 0xf2c14e;
const STEP_MS = 650;
const SPECIAL: Record<string, string> = { ambulance: 'Ambulance', police: 'Police car', tow: 'Tow Truck' };
const KIND_ORDER: Record<PublicCard['kind'], number> = { car: 0, trailer: 0, ambulance: 101, police: 102, tow: 103 };
const txt = (size: number, color = '#f2f2f2', bold = false) => ({ fontSize: `${size}px`, color, fontStyle: bold ? 'bold' : 'normal', fontFamily: 'system-ui, sans-serif' });

export class RushHourRenderer implements GameRenderer {
  readonly keysHelp = '1–9, 0 (or ←/→ + Enter) pick a hand card · 1–3 choose a row when asked';
  private ctx: RenderContext | null = null;
  private last: { pub: RushHourPublicView; mine: RushHourSeatView | null } | null = null;
  private cursor = -1;
  private predictedPick: number | null = null;
  private predictedRow: number | null = null;
  private seen = false;
  private replayKey = '';
  private shown = 0;
  private animStep: number | null = null;
  private freshReveal = false;
  private stepTimer: Phaser.Time.TimerEvent | null = null;
  private clockTimer: Phaser.Time.TimerEvent | null = null;
  private clock: { text: Phaser.GameObjects.Text; label: string; deadline: number } | null = null;
  private revealPos = new Map<number, Point>();
  private rowCards = new Map<number, Container>();
  private revealObjs = new Map<number, Container>();
  private rowMid: number[] = [];
  private playerBox = new Map<number, Phaser.GameObjects.Rectangle>();

  render(ctx: RenderContext, pub: unknown, mine: unknown): void {
    const view = pub as RushHourPublicView;
    const seat = mine as RushHourSeatView | null;
    this.ctx = ctx;
    this.last = { pub: view, mine: seat };
    this.syncPredictions(view, seat);
    this.syncReplay(ctx, view);
    this.revealPos.clear();
    this.rowCards.clear();
    this.playerBox.clear();
    this.clock = null;

    const { width, height } = ctx;
    const nRows = view.rows.length;
    const unit = Math.max(50, Math.min(96, (height - 190) / (nRows + 0.8)));
    const size: CardSize = { h: unit * 0.8, w: unit * 0.8 * 0.68 };
    const panelW = Math.min(300, Math.max(200, width * 0.28));
    const rowsW = width - panelW - 12;
    this.drawHeader(ctx, view, seat);
    const top = 46;
    this.drawRows(ctx, view, seat, size, unit, top, rowsW);
    this.drawReveal(ctx, view, size, rowsW + 12, top, panelW, nRows * unit - 6);
    const playersY = top + nRows * unit + 4;
    this.drawPlayers(ctx, view, playersY, rowsW + 12 + panelW);
    if (seat && ctx.mySeat !== null) this.drawHand(ctx, view, seat, size, playersY + 92);
    this.hint(ctx, view, seat);
    this.animate(ctx, view);
    this.ensureClockTimer(ctx);
  }

  onKey(ctx: RenderContext, key: string): void {
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
    if (digit !== null && digit <= hand.length) return this.pick(ctx, hand[digit - 1].id, digit - 1);
    if (key === 'ArrowRight' || key === 'ArrowLeft') {
      const step = key === 'ArrowRight' ? 1 : -1;
      this.cursor = this.cursor < 0 ? (step > 0 ? 0 : hand.length - 1) : (this.cursor + step + hand.length) % hand.length;
      ctx.hint(`Selected ${cardLabel(hand[this.cursor])}: Enter to pick it`);
      this.redraw();
    } else if ((key === 'Enter' || key === ' ') && hand[this.cursor]) this.pick(ctx, hand[this.cursor].id, this.cursor);
  }

  destroy(): void {
    this.stepTimer?.remove();
    this.clockTimer?.remove();
    this.stepTimer = this.clockTimer = null;
  }

  // ---- actions -------------------------------------------------------------------------------

  private pick(ctx: RenderContext, card: number, index: number): void {
    this.cursor = index;
    ctx.act({ type: 'pick', card }, () => {
      this.predictedPick = card;
      this.redraw();
      return () => { this.predictedPick = null; this.redraw(); };
    });
  }

  private chooseRow(ctx: RenderContext, row: number): void {
    const allowed = this.last?.mine?.canChoose ?? [];
    if (!allowed.includes(row)) return ctx.hint(`Row ${row + 1} is not allowed: choose row ${allowed.map((r) => r + 1).join(' or ')}.`);
    ctx.act({ type: 'row', row }, () => {
      this.predictedRow = row;
      this.redraw();
      return () => { this.predictedRow = null; this.redraw(); };
    });
  }

  /** Redraw outside the input handler that triggered it (its object is about to be destroyed). */
  private redraw(): void {
    const ctx = this.ctx;
    if (!ctx) return;
    ctx.scene.time.delayedCall(0, () => {
      if (!this.last || !ctx.layer.active) return;
      ctx.layer.removeAll(true);
      this.render(ctx, this.last.pub, this.last.mine);
    });
  }

  private syncPredictions(view: RushHourPublicView, mine: RushHourSeatView | null): void {
    const p = this.predictedPick;
    if (p !== null && (!mine || view.phase !== 'pick' || mine.pick?.id === p || !mine.hand.some((c) => c.id === p))) this.predictedPick = null;
    if (this.predictedRow !== null && (!mine || mine.canChoose.length === 0 || mine.secretRow === this.predictedRow)) this.predictedRow = null;
  }

  // ---- replay of the last turn ---------------------------------------------------------------

  private syncReplay(ctx: RenderContext, view: RushHourPublicView): void {
    const lt = view.lastTurn;
    const key = lt ? `${lt.deal}-${lt.turn}` : '';
    if (key !== this.replayKey) {
      // Joining mid-game shows the last turn as it ended; a reveal seen live is played out.
      this.shown = this.seen ? 0 : lt?.steps.length ?? 0;
      this.freshReveal = this.seen && lt !== null;
      this.replayKey = key;
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
      this.animStep = this.shown - 1;
      this.redraw();
    }
    if (!lt || this.shown >= lt.steps.length) {
      this.stepTimer?.remove();
      this.stepTimer = null;
    }
  }

  private animate(ctx: RenderContext, view: RushHourPublicView): void {
    const { scene, layer } = ctx;
    if (this.freshReveal) {
      this.freshReveal = false;
      view.lastTurn?.revealed.forEach((r, i) => {
        const obj = this.revealObjs.get(r.card.id);
        if (obj) scene.tweens.add({ targets: obj, scaleX: { from: 0, to: 1 }, duration: 200, delay: i * 80 });
      });
    }
    const step = this.animStep === null ? undefined : view.lastTurn?.steps[this.animStep];
    this.animStep = null;
    if (!step) return;
    if (step.kind === 'take') {
      const box = this.playerBox.get(step.seat);
      const label = scene.add.text(40, this.rowMid[step.row] ?? 0, `+${step.points} pts`, { ...txt(18, '#ff8a8a', true), backgroundColor: '#1d2330' });
      layer.add(label);
      if (box) {
        scene.tweens.add({ targets: label, x: box.x + 20, y: box.y + 30, alpha: 0.2, duration: 500, ease: 'Cubic.easeIn' });
        scene.tweens.add({ targets: box, alpha: 0.4, yoyo: true, duration: 160, repeat: 1 });
      }
      return;
    }
    const obj = this.rowCards.get(step.card.id);
    const from = this.revealPos.get(step.card.id);
    if (!obj || !from) return;
    const to = { x: obj.x, y: obj.y };
    layer.bringToTop(obj);
    obj.setPosition(from.x, from.y);
    scene.tweens.add({ targets: obj, x: to.x, y: to.y, duration: 360, ease: 'Cubic.easeOut' });
  }

  // ---- drawing -------------------------------------------------------------------------------

  private name(ctx: RenderContext, seat: number): string {
    if (seat === ctx.mySeat) return 'You';
    return ctx.seats.find((s) => s.seat === seat)?.name ?? `Seat ${seat + 1}`;
  }

  private drawHeader(ctx: RenderContext, view: RushHourPublicView, mine: RushHourSeatView | null): void {
    const { scene, layer } = ctx;
    const o = view.options;
    const order = view.priority.map((s) => this.name(ctx, s)).join(' → ');
    const deal = o.deals > 1 ? `Deal ${view.deal}/${o.deals} · ` : '';
    layer.add(scene.add.text(0, 0, `${deal}Turn ${Math.min(view.turn, o.handSize)}/${o.handSize} · Priority: ${order}`, txt(15, '#cfd6e6')));
    let label = '';
    let deadline: number | null = null;
    const p = view.prompt;
    if (view.over) label = 'Game over';
    else if (view.phase === 'pick') {
      label = mine && mine.pick === null && this.predictedPick === null ? 'Pick a card' : 'Everyone picks a card secretly';
      deadline = view.pickDeadline;
    } else if (p?.kind === 'group') {
      const names = p.seats.map((s, i) => `${this.name(ctx, s)}${p.chosen[i] ? ' ✔' : ' …'}`).join(', ');
      label = `${SPECIAL[p.special]}: ${names} choose a row secretly`;
      deadline = p.deadline;
    } else if (p?.kind === 'card') {
      const what = p.mode === 'place' ? 'chooses a row for' : p.mode === 'tooSmall' ? 'must take a row for the too-small' : 'chooses a row to start with';
      label = `${this.name(ctx, p.seat)} ${what} ${cardLabel(p.card)} (rows ${p.rows.map((r) => r + 1).join(', ')})`;
      deadline = p.deadline;
    } else label = 'Placing the revealed cards…';
    const text = scene.add.text(0, 21, label, txt(16, '#f2c14e', true));
    layer.add(text);
    if (deadline !== null) {
      this.clock = { text, label, deadline };
      this.updateClock();
    }
  }

  private ensureClockTimer(ctx: RenderContext): void {
    if (this.clockTimer) return;
    this.clockTimer = ctx.scene.time.addEvent({ delay: 250, loop: true, callback: () => this.updateClock() });
  }

  private updateClock(): void {
    const c = this.clock;
    if (!c || !c.text.active || !this.ctx) return;
    const s = Math.max(0, Math.ceil((c.deadline - this.ctx.serverNow()) / 1000));
    c.text.setText(`${c.label} — ${s}s left`).setColor(s <= 5 ? '#ff7b7b' : '#f2c14e');
  }

  private drawRows(ctx: RenderContext, view: RushHourPublicView, mine: RushHourSeatView | null, size: CardSize, unit: number, top: number, rowsW: number): void {
    const { scene, layer } = ctx;
    const lt = view.lastTurn;
    const replaying = lt !== null && this.shown < lt.steps.length;
    const rows: SimRow[] = replaying && lt ? rowsAfter(lt.rowsBefore, lt.steps.slice(0, this.shown)) : toSim(view.rows);
    const allowed = mine?.canChoose ?? [];
    const myRow = this.predictedRow ?? mine?.secretRow ?? null;
    const labelW = 92;
    const maxSlots = Math.max(5, ...rows.map((r) => r.length + 1));
    const slotW = Math.min(size.w + 14, (rowsW - labelW - 4) / maxSlots);
    this.rowMid = [];
    rows.forEach((row, r) => {
      const y = top + r * unit;
      const h = unit - 6;
      this.rowMid[r] = y + h / 2;
      const choosable = allowed.includes(r) && !view.over;
      const bg = scene.add.rectangle(0, y, rowsW, h, 0x2a3142).setOrigin(0).setStrokeStyle(choosable ? 3 : 1, choosable ? GOLD : 0x4a5674);
      layer.add(bg);
      if (choosable) bg.setInteractive({ useHandCursor: true }).on('pointerdown', () => this.chooseRow(ctx, r));
      // lane markings and the heavy-jam line after the 4th slot
      const lane = scene.add.graphics().lineStyle(2, 0x59627a, 0.6);
      for (let x = labelW; x < rowsW - 10; x += 24) lane.lineBetween(x, y + h - 4, x + 12, y + h - 4);
      if (!view.options.noHeavyJam) {
        const jx = labelW + 4 * slotW - 4;
        lane.lineStyle(2, 0xd65a5a, 0.8).lineBetween(jx, y + 4, jx, y + h - 4);
        layer.add(lane);
        layer.add(scene.add.text(jx + 4, y + 4, '5th car:\nheavy jam', txt(10, '#e08a8a')));
      } else layer.add(lane);
      const { end, open } = endOf(row);
      const status = open ? 'OPEN: any\ncard next' : `ends ${end ?? '–'}`;
      layer.add(scene.add.text(6, y + 4, `Row ${r + 1}`, txt(16, '#ffffff', true)));
      layer.add(scene.add.text(6, y + 24, status, txt(12, open ? '#9fe29f' : '#cfd6e6', open)));
      if (choosable) layer.add(scene.add.text(6, y + h - 18, `press ${r + 1}`, txt(12, '#f2c14e', true)));
      if (myRow === r) layer.add(scene.add.text(rowsW - 6, y + 4, '✔ your choice', txt(13, '#f2c14e', true)).setOrigin(1, 0));
      row.forEach((slot, k) => {
        const x = labelW + k * slotW;
        const cy = y + (h - size.h) / 2;
        if (slot.length === 0) return void layer.add(drawFreeSpot(scene, x, cy, size));
        const d = slot.length > 1 ? Math.min(4, 10 / (slot.length - 1)) : 0;
        slot.forEach((card, i) => {
          const obj = drawCard(scene, x + i * d, cy - (slot.length - 1 - i) * d * 0.5, size, card, { points: cardPoints(card, view.options.trailerPoints) });
          this.rowCards.set(card.id, obj);
          layer.add(obj);
        });
        if (slot.length > 1) layer.add(scene.add.text(x + size.w + (slot.length - 1) * d, cy, `×${slot.length}`, { ...txt(11, '#111', true), backgroundColor: '#f2c14e' }).setOrigin(1, 0.3));
      });
    });
  }

  private drawReveal(ctx: RenderContext, view: RushHourPublicView, size: CardSize, x0: number, top: number, w: number, h: number): void {
    const { scene, layer } = ctx;
    const lt = view.lastTurn;
    this.revealObjs.clear();
    layer.add(scene.add.rectangle(x0, top, w, h, 0x1f2533).setOrigin(0).setStrokeStyle(1, 0x4a5674));
    if (!lt) return void layer.add(scene.add.text(x0 + 8, top + 8, 'Cards are revealed here\nonce everyone has picked.', txt(13, '#aab3c5')));
    layer.add(scene.add.text(x0 + 8, top + 6, `Revealed — turn ${lt.turn} (placement order)`, txt(13, '#ffffff', true)));
    const small: CardSize = { w: size.w * 0.72, h: size.h * 0.72 };
    const cols = Math.max(1, Math.floor((w - 12) / (small.w + 8)));
    const done = new Set(lt.steps.slice(0, this.shown).flatMap((s) => (s.kind === 'take' ? [] : [s.card.id])));
    let y = top + 26;
    lt.revealed.forEach((r, i) => {
      const x = x0 + 8 + (i % cols) * (small.w + 8);
      const cy = y + Math.floor(i / cols) * (small.h + 18);
      const obj = drawCard(scene, x, cy, small, r.card).setAlpha(done.has(r.card.id) ? 0.35 : 1);
      layer.add(obj);
      this.revealObjs.set(r.card.id, obj);
      this.revealPos.set(r.card.id, { x, y: cy });
      const late = lt.timedOut.includes(r.seat) ? ' (late)' : '';
      layer.add(scene.add.text(x + small.w / 2, cy + small.h + 1, `${i + 1}. ${this.name(ctx, r.seat)}${late}`.slice(0, 12), txt(10, '#cfd6e6')).setOrigin(0.5, 0));
    });
    y += Math.ceil(lt.revealed.length / cols) * (small.h + 18) + 4;
    const steps = lt.steps.slice(0, this.shown);
    const lines = steps.slice(-5).map((s) => stepText(s, (seat) => this.name(ctx, seat)));
    if (this.shown < lt.steps.length) lines.push('…');
    lines.forEach((line, i) => {
      const latest = i === Math.min(steps.length, 5) - 1;
      const t = scene.add.text(x0 + 8, y, line, { ...txt(11, latest ? '#f2c14e' : '#cfd6e6', latest), wordWrap: { width: w - 16 } });
      layer.add(t);
      y += t.height + 2;
    });
  }

  private drawPlayers(ctx: RenderContext, view: RushHourPublicView, y: number, width: number): void {
    const { scene, layer } = ctx;
    const bw = width / Math.max(1, view.players.length);
    const p = view.prompt;
    view.players.forEach((pl, k) => {
      const x = k * bw;
      const me = pl.seat === ctx.mySeat;
      const box = scene.add.rectangle(x, y, bw - 6, 84, me ? 0x33405a : 0x262d3d).setOrigin(0).setStrokeStyle(1, me ? GOLD : 0x4a5674);
      layer.add(box);
      this.playerBox.set(pl.seat, box);
      const lead = pl.seat === view.lead ? ' · lead' : '';
      layer.add(scene.add.text(x + 6, y + 4, `${this.name(ctx, pl.seat)}${lead}`, txt(14, me ? '#f2c14e' : '#ffffff', true)));
      let flag = '';
      if (view.phase === 'pick') flag = pl.picked || (me && this.predictedPick !== null) ? '✔ picked' : '… picking';
      else if (p?.kind === 'group' && p.seats.includes(pl.seat)) flag = p.chosen[p.seats.indexOf(pl.seat)] ? '✔ row chosen' : '… choosing a row';
      else if (p?.kind === 'card' && p.seat === pl.seat) flag = '… choosing a row';
      if (flag) layer.add(scene.add.text(x + bw - 12, y + 4, flag, txt(12, flag.startsWith('✔') ? '#9fe29f' : '#aab3c5', true)).setOrigin(1, 0));
      if (view.phase === 'pick' && pl.picked) layer.add(drawBack(scene, x + bw - 28, y + 22, { w: 16, h: 22 }));
      layer.add(scene.add.text(x + 6, y + 22, `${pl.points} pts · ${pl.cardsTaken} taken · hand ${pl.handCount}`, txt(12, '#cfd6e6')));
      const chipW = 30;
      const fit = Math.max(1, Math.floor((bw - 18) / (chipW + 3)));
      pl.pile.slice(0, pl.pile.length > fit ? fit - 1 : fit).forEach((c, i) => {
        const cx = x + 6 + i * (chipW + 3);
        layer.add(scene.add.rectangle(cx, y + 44, chipW, 30, c.kind === 'car' ? 0xf4f1e8 : c.kind === 'trailer' ? 0xf2d36b : 0xe0a0a0).setOrigin(0).setStrokeStyle(1, 0x222222));
        layer.add(scene.add.text(cx + chipW / 2, y + 59, cardLabel(c), txt(10, '#111', true)).setOrigin(0.5));
      });
      if (pl.pile.length > fit) layer.add(scene.add.text(x + 6 + (fit - 1) * (chipW + 3), y + 52, `+${pl.pile.length - fit + 1}`, txt(13, '#ff8a8a', true)));
      if (pl.pile.length === 0) layer.add(scene.add.text(x + 6, y + 52, 'no penalty cards this deal', txt(11, '#7f8aa3')));
    });
  }

  private drawHand(ctx: RenderContext, view: RushHourPublicView, mine: RushHourSeatView, size: CardSize, y: number): void {
    const { scene, layer } = ctx;
    const hand = sortHand(mine.hand);
    const picked = this.predictedPick ?? mine.pick?.id ?? null;
    const canPick = view.phase === 'pick' && !view.over;
    const pickedCard = hand.find((c) => c.id === picked);
    const title = pickedCard ? `Your hand — picked ${cardLabel(pickedCard)}${canPick ? ' (click another card to change it before the reveal)' : ''}` : 'Your hand';
    layer.add(scene.add.text(0, y, title, txt(14, '#f2c14e', true)));
    const gap = Math.min(10, Math.max(2, (ctx.width - hand.length * size.w) / Math.max(1, hand.length)));
    hand.forEach((card, i) => {
      const isPick = card.id === picked;
      const x = i * (size.w + gap);
      const cy = y + 20 + (isPick ? 0 : 10);
      if (i === this.cursor && canPick) layer.add(scene.add.rectangle(x - 3, cy - 3, size.w + 6, size.h + 6, 0x7fd1ff).setOrigin(0));
      const obj = drawCard(scene, x, cy, size, card, { highlight: isPick ? GOLD : undefined, points: cardPoints(card, view.options.trailerPoints) });
      if (!canPick && !isPick) obj.setAlpha(0.6);
      layer.add(obj);
      if (canPick) (obj.list[0] as Phaser.GameObjects.Rectangle).setInteractive({ useHandCursor: true }).on('pointerdown', () => this.pick(ctx, card.id, i));
      const key = i < 9 ? String(i + 1) : i === 9 ? '0' : '';
      layer.add(scene.add.text(x + size.w / 2, y + 20 + size.h + 12, isPick ? `[${key}] PICKED` : `[${key}]`, txt(11, isPick ? '#f2c14e' : '#aab3c5', isPick)).setOrigin(0.5, 0));
    });
    if (hand.length === 0) layer.add(scene.add.text(0, y + 22, 'No cards left in your hand.', txt(13, '#aab3c5')));
  }

  private hint(ctx: RenderContext, view: RushHourPublicView, mine: RushHourSeatView | null): void {
    if (view.over) return ctx.hint('Game over: fewest penalty points wins.');
    if (!mine || ctx.mySeat === null) return ctx.hint('You are watching.');
    const p = view.prompt;
    const rows = mine.canChoose.map((r) => r + 1).join(' or ');
    if (mine.canChoose.length > 0 && p?.kind === 'group') {
      const chosen = this.predictedRow ?? mine.secretRow;
      return ctx.hint(chosen !== null ? `You chose row ${chosen + 1} for your ${SPECIAL[p.special]}; you may change it until all have chosen.` : `Your ${SPECIAL[p.special]}: choose a row secretly — click a row or press ${rows}.`);
    }
    if (mine.canChoose.length > 0 && p?.kind === 'card') {
      const c = cardLabel(p.card);
      if (p.mode === 'tooSmall') return ctx.hint(`Your ${c} is lower than every row end: choose a row to take (click or press ${rows}); ${c} starts it.`);
      if (p.mode === 'front') return ctx.hint(`Your ${c} is too small: choose a row it starts (click or press ${rows}).`);
      return ctx.hint(`Your ${c} may go in row ${rows}: click a row or press its number.`);
    }
    if (view.phase === 'pick') {
      const picked = this.predictedPick ?? mine.pick?.id ?? null;
      return ctx.hint(picked === null ? 'Pick a card: click it or press 1–9/0.' : 'Picked — you may change your card until everyone has picked.');
    }
    ctx.hint('Watch the cards being placed.');
  }
}

/** Numbered cards ascending, then Ambulance, Police, Tow Truck: the keys 1–9, 0 follow this order. */
function sortHand(hand: PublicCard[]): PublicCard[] {
  return [...hand].sort((a, b) => (a.number ?? KIND_ORDER[a.kind]) - (b.number ?? KIND_ORDER[b.kind]) || a.id - b.id);
}
