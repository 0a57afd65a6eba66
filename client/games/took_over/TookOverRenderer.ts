/**
 * Took Over! table: the ascending line (its ends and the take-over gap are click targets), your hand
 * (click or 1–9 to select), the active player's pace clock, a big "Taking Over!" button, Pass, and
 * everyone's hand and stack sizes.
 */
import type Phaser from 'phaser';
import type { GameRenderer, RenderContext } from '../renderer.js';
import type { TookOverPublicView, TookOverSeatView } from '../../../shared/games/took_over/views.js';
import { clickable, drawCard, textButton, type CardSize } from '../trafficcars/cardFace.js';

export class TookOverRenderer implements GameRenderer {
  readonly keysHelp = '1–9 select hand card · Enter place selected · T Taking Over! (selected, or every fitting card) · P pass · Esc clear';
  private selected = new Set<string>();
  private sprites = new Map<string, Phaser.GameObjects.Container>();
  private target = { x: 0, y: 0 };
  private timer: Phaser.Time.TimerEvent | null = null;
  private last: { pub: TookOverPublicView; mine: TookOverSeatView | null } | null = null;

  render(ctx: RenderContext, pub: unknown, mine: unknown): void {
    const view = pub as TookOverPublicView;
    const seat = mine as TookOverSeatView | null;
    this.last = { pub: view, mine: seat };
    this.timer?.remove();
    this.sprites.clear();
    const hand = seat?.hand ?? [];
    for (const id of [...this.selected]) if (!hand.some((c) => c.id === id)) this.selected.delete(id);
    const { scene, layer, width, height } = ctx;
    const name = (s: number): string => (s === ctx.mySeat ? 'You' : ctx.seats.find((x) => x.seat === s)?.name ?? `Seat ${s + 1}`);
    const small = { fontSize: '14px', color: '#f2f2f2' };

    // the line, with a drop zone at each end and the take-over gap
    const n = view.line.length;
    const zone = 54;
    const size: CardSize = { w: Math.min(62, width / 12), h: Math.min(62, width / 12) * 1.35 };
    const step = Math.min(size.w + 4, (width - 2 * zone - 20) / Math.max(1, n));
    const lineW = step * Math.max(0, n - 1) + size.w;
    const x0 = (width - lineW) / 2 + size.w / 2;
    const ly = 30 + size.h / 2;
    layer.add(scene.add.text(0, 0, `The line (ascending) · ${view.discarded} discarded · ${view.setAside} set aside`, small));
    const gapIndex = view.gap ? view.line.findIndex((c) => c.value === view.gap!.high) : -1;
    view.line.forEach((card, i) => {
      const extra = gapIndex >= 0 && i >= gapIndex ? 16 : 0;
      const sprite = drawCard(scene, x0 + i * step + extra - 8, ly, size, card, view.latest?.id === card.id ? 0xf2c14e : 0x222222);
      layer.add(sprite);
    });
    if (n === 0) layer.add(scene.add.text(width / 2, ly, 'empty line — any card opens it', small).setOrigin(0.5));
    const endZone = (x: number, text: string, side: 'left' | 'right'): void => {
      const r = scene.add.rectangle(x, ly, zone - 6, size.h, 0x2b3550).setStrokeStyle(2, 0x7fd1ff);
      r.setInteractive({ useHandCursor: true }).on('pointerdown', () => this.place(ctx, side));
      layer.add([r, scene.add.text(x, ly, text, { fontSize: '13px', color: '#7fd1ff', align: 'center' }).setOrigin(0.5)]);
    };
    endZone(x0 - size.w / 2 - zone / 2 - 12, n === 0 ? 'place\nhere' : '◀\nlower', 'left');
    if (n > 0) endZone(x0 + lineW - size.w / 2 + zone / 2 + 12, '▶\nhigher', 'right');
    if (view.gap && gapIndex > 0) {
      const gx = x0 + gapIndex * step - 8 - step / 2 + 8;
      const r = scene.add.rectangle(gx, ly, 14, size.h + 14, 0xd64545).setStrokeStyle(2, 0xffffff);
      r.setInteractive({ useHandCursor: true }).on('pointerdown', () => this.takeOver(ctx));
      layer.add([r, scene.add.text(gx, ly + size.h / 2 + 10, `take over: ${view.gap.low}…${view.gap.high}`, { fontSize: '12px', color: '#ff9b9b' }).setOrigin(0.5, 0)]);
    }
    this.target = { x: width / 2, y: ly };

    // pace clock
    const clockY = ly + size.h / 2 + 30;
    const clock = scene.add.text(0, clockY, '', { fontSize: '18px', color: '#f2c14e' });
    layer.add(clock);
    const tick = (): void => {
      if (!clock.active) return;
      if (view.phase === 'over') return void clock.setText(`Game over — ${view.winner !== null ? `${name(view.winner)} won` : ''}`);
      const now = ctx.serverNow();
      const who = name(view.active);
      const taker = view.taker === null ? 'anyone else' : name(view.taker);
      const pace = view.paceUntil - now;
      clock.setText(pace > 0 ? `Clock: Pace: ${who} may place in ${(pace / 1000).toFixed(1)}s · ${taker} may take over` : `Clock: ${who} to place — ${(Math.max(0, view.idleUntil - now) / 1000).toFixed(1)}s left · ${taker} may take over`);
    };
    tick();
    this.timer = scene.time.addEvent({ delay: 100, loop: true, callback: tick });

    // players
    const py = clockY + 30;
    const colW = Math.max(150, width / Math.max(1, view.players.length));
    view.players.forEach((p, s) => {
      const role = s === view.active ? '▶ active' : s === view.taker ? '⚡ taker' : '';
      layer.add(scene.add.text(s * colW, py, `${name(s)} ${role}\nhand ${p.hand} · stack ${p.stack}`, { ...small, color: s === ctx.mySeat ? '#f2c14e' : '#f2f2f2' }));
    });

    // my hand and buttons
    if (!seat) return void ctx.hint(view.phase === 'over' ? 'Game over.' : `Watching ${name(view.active)}.`);
    const hy = py + 60;
    const hs: CardSize = { w: Math.min(80, (width - 20) / Math.max(6, hand.length) - 8), h: 0 };
    hs.h = Math.min(hs.w * 1.35, height - hy - 110);
    hs.w = Math.min(hs.w, hs.h / 1.35);
    layer.add(scene.add.text(0, hy, 'Your hand (click to select):', small));
    const place = new Set(seat.canPlace);
    const take = new Set(seat.canTakeOver);
    hand.forEach((card, i) => {
      const sel = this.selected.has(card.id);
      const x = 8 + hs.w / 2 + i * (hs.w + 10);
      const y = hy + 24 + hs.h / 2 + (sel ? 0 : 12);
      const sprite = drawCard(scene, x, y, hs, card, sel ? 0xf2c14e : 0x222222);
      clickable(sprite, () => this.toggle(ctx, card.id));
      this.sprites.set(card.id, sprite);
      layer.add(sprite);
      const tags = [`${i + 1}`, sel ? '✔' : '', take.has(card.id) ? '⚡' : '', place.has(card.id) ? 'fits' : ''].filter(Boolean).join(' ');
      layer.add(scene.add.text(x, y + hs.h / 2 + 3, tags, { fontSize: '12px', color: '#ddd' }).setOrigin(0.5, 0));
    });
    const by = hy + 24 + hs.h + 34;
    const sel = [...this.selected];
    layer.add(textButton(scene, 0, by, 'Place selected (Enter)', () => this.place(ctx, 'any'), { enabled: sel.length === 1 && place.has(sel[0]) }));
    layer.add(textButton(scene, 210, by, 'Pass (P)', () => ctx.act({ type: 'pass' }), { enabled: seat.canPass }));
    layer.add(textButton(scene, 320, by - 8, 'Taking Over! (T)', () => this.takeOver(ctx), { enabled: take.size > 0, big: true, colour: '#ff7b7b' }));

    if (view.phase === 'over') ctx.hint(view.winner === ctx.mySeat ? 'You won!' : 'Game over.');
    else if (take.size > 0) ctx.hint(`Take over now! Cards between ${view.gap?.low} and ${view.gap?.high} (⚡): select and press T.`);
    else if (view.active !== ctx.mySeat) ctx.hint(`Watch ${name(view.active)}'s cards — be ready to take over.`);
    else if (seat.canPass) ctx.hint('No card fits: Pass (P).');
    else if (n === 0) ctx.hint('Open the line: select a card and press Enter.');
    else ctx.hint('Select a card that fits (◀ lower or ▶ higher) and press Enter or click its end.');
  }

  onKey(ctx: RenderContext, key: string): void {
    const hand = this.last?.mine?.hand ?? [];
    const k = key.toLowerCase();
    if (key >= '1' && key <= '9') { const c = hand[Number(key) - 1]; if (c) this.toggle(ctx, c.id); }
    else if (key === 'Enter') this.place(ctx, 'any');
    else if (k === 't') this.takeOver(ctx);
    else if (k === 'p') ctx.act({ type: 'pass' });
    else if (key === 'Escape') { this.selected.clear(); this.redraw(ctx); }
  }

  destroy(): void {
    this.timer?.remove();
  }

  private redraw(ctx: RenderContext): void {
    if (!this.last) return;
    ctx.layer.removeAll(true);
    this.render(ctx, this.last.pub, this.last.mine);
  }

  private toggle(ctx: RenderContext, id: string): void {
    if (!this.selected.delete(id)) this.selected.add(id);
    ctx.scene.time.delayedCall(0, () => this.redraw(ctx)); // not inside the clicked object's own handler
  }

  private place(ctx: RenderContext, side: 'left' | 'right' | 'any'): void {
    const seat = this.last?.mine;
    const sel = [...this.selected];
    if (!seat || sel.length !== 1) return void ctx.hint('Select exactly one hand card to place.');
    const card = seat.hand.find((c) => c.id === sel[0]);
    const line = this.last!.pub.line;
    if (card && side !== 'any' && line.length > 0) {
      const fits = side === 'left' ? card.value < line[0].value : card.value > line[line.length - 1].value;
      if (!fits) return void ctx.hint(`${card.value} does not go at the ${side} end.`);
    }
    this.selected.clear();
    ctx.act({ type: 'place', card: sel[0] }, () => this.fly(ctx, sel));
  }

  private takeOver(ctx: RenderContext): void {
    const seat = this.last?.mine;
    if (!seat) return;
    const cards = this.selected.size > 0 ? [...this.selected] : [...seat.canTakeOver];
    if (cards.length === 0) return void ctx.hint('No card fits the take-over gap.');
    this.selected.clear();
    ctx.act({ type: 'takeOver', cards }, () => this.fly(ctx, cards));
  }

  /** Cards fly to the line at once; if refused they slide back to the hand. */
  private fly(ctx: RenderContext, ids: string[]): () => void {
    const moved = ids.flatMap((id) => { const s = this.sprites.get(id); return s?.active ? [{ s, x: s.x, y: s.y }] : []; });
    for (const m of moved) ctx.scene.tweens.add({ targets: m.s, x: this.target.x, y: this.target.y, duration: 160 });
    return () => {
      for (const m of moved) if (m.s.active) ctx.scene.tweens.add({ targets: m.s, x: m.x, y: m.y, duration: 350, ease: 'Back.easeOut' });
    };
  }
}
