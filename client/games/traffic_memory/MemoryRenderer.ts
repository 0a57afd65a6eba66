/**
 * Traffic-Memory table: the face-down grid (cards flip with a scaleX tween), this turn's trail of
 * opened cards (numbered badges joined by a line, and written out), every player's taken cards and the
 * turn clock. Click/tap a card, or arrows + Enter, to open it.
 */
import type Phaser from 'phaser';
import type { GameRenderer, RenderContext } from '../renderer.js';
import type { TrafficMemoryPublicView, TrafficMemorySeatView } from '../../../shared/games/traffic_memory/views.js';
import { clickable, countdown, drawBack, drawCard, type CardSize } from '../trafficcars/cardFace.js';

const label = (v: number | null): string => (v === null ? 'W' : String(v));

export class MemoryRenderer implements GameRenderer {
  readonly keysHelp = 'arrows choose · Enter/Space open';
  private cursor = 0;
  private seen = new Map<number, string>();
  private sprites = new Map<number, Phaser.GameObjects.Container>();
  private timer: Phaser.Time.TimerEvent | null = null;
  private last: { pub: TrafficMemoryPublicView; mine: TrafficMemorySeatView | null } | null = null;

  render(ctx: RenderContext, pub: unknown, mine: unknown): void {
    const view = pub as TrafficMemoryPublicView;
    const seat = mine as TrafficMemorySeatView | null;
    this.last = { pub: view, mine: seat };
    this.timer?.remove();
    this.sprites.clear();
    const { scene, layer, width, height } = ctx;
    const name = (s: number): string => (s === ctx.mySeat ? 'You' : ctx.seats.find((x) => x.seat === s)?.name ?? `Seat ${s + 1}`);

    // grid
    const cols = view.columns;
    const rows = Math.ceil(view.cells.length / cols);
    const gap = 6;
    const gridW = width * 0.68;
    const w = Math.min(76, (gridW - gap * cols) / cols, ((height - 8 - gap * rows) / rows) / 1.35);
    const size: CardSize = { w, h: w * 1.35 };
    const centre = (pos: number): { x: number; y: number } => ({ x: (pos % cols) * (w + gap) + w / 2 + 4, y: Math.floor(pos / cols) * (size.h + gap) + size.h / 2 + 4 });
    const canOpen = new Set(seat?.canOpen ?? []);
    for (const cell of view.cells) {
      const { x, y } = centre(cell.pos);
      if (cell.pos === this.cursor && seat?.myTurn) layer.add(scene.add.rectangle(x, y, w + 8, size.h + 8, 0x7fd1ff));
      if (cell.state === 'gone') {
        layer.add(scene.add.rectangle(x, y, w, size.h).setStrokeStyle(1, 0x4a5674));
      } else {
        const order = view.opened.indexOf(cell.pos);
        const sprite = cell.state === 'up' ? drawCard(scene, x, y, size, cell.card, order >= 0 ? 0xf2c14e : 0x222222) : drawBack(scene, x, y, size);
        if (canOpen.has(cell.pos)) clickable(sprite, () => { this.cursor = cell.pos; this.open(ctx, cell.pos); });
        const before = this.seen.get(cell.pos);
        if (before !== undefined && before !== cell.state) {
          sprite.scaleX = 0;
          scene.tweens.add({ targets: sprite, scaleX: 1, duration: 220, ease: 'Sine.easeOut' });
        }
        this.sprites.set(cell.pos, sprite);
        layer.add(sprite);
      }
      this.seen.set(cell.pos, cell.state);
    }

    // trail: line through this turn's opened cards and numbered badges
    if (view.opened.length > 0) {
      const g = scene.add.graphics().lineStyle(3, 0xf2c14e, 0.8);
      const pts = view.opened.map(centre);
      for (let i = 1; i < pts.length; i++) g.lineBetween(pts[i - 1].x, pts[i - 1].y, pts[i].x, pts[i].y);
      layer.add(g);
      pts.forEach((p, i) => {
        layer.add(scene.add.circle(p.x - w / 2 + 9, p.y + size.h / 2 - 9, 9, 0xf2c14e).setStrokeStyle(1, 0x111111));
        layer.add(scene.add.text(p.x - w / 2 + 9, p.y + size.h / 2 - 9, String(i + 1), { fontSize: '12px', color: '#111', fontStyle: 'bold' }).setOrigin(0.5));
      });
    }

    // side panel
    const px = cols * (w + gap) + 24;
    const style = { fontSize: '15px', color: '#f2f2f2', wordWrap: { width: Math.max(160, width - px - 4) } };
    let y = 4;
    const clock = scene.add.text(px, y, '', { ...style, fontSize: '18px', color: '#f2c14e' });
    layer.add(clock);
    const now = (): number => ctx.serverNow();
    if (view.phase === 'flip') {
      if (view.flipBy !== null) this.timer = countdown(scene, clock, now, view.flipBy, (s) => `Clock: ${name(view.turn)} to open: ${s}s`);
      else clock.setText(`${name(view.turn)} to open a card`);
    } else if (view.phase === 'reveal' && view.revealUntil !== null) {
      this.timer = countdown(scene, clock, now, view.revealUntil, (s) => `Turning back in ${s}s`);
    } else clock.setText('Game over');
    y += 30;
    const trail = view.opened.map((pos) => { const c = view.cells[pos]; return c?.state === 'up' ? label(c.card.value) : '?'; });
    layer.add(scene.add.text(px, y, `This turn (${name(view.turn)}): ${trail.length ? trail.join(' → ') : '—'}`, style));
    y += 26;
    layer.add(scene.add.text(px, y, `Face down: ${view.faceDown} · cars ${view.range.from}–${view.range.to}${view.wilds ? ' + wilds (W)' : ''}`, { ...style, fontSize: '13px', color: '#bbb' }));
    y += 28;
    view.piles.forEach((pile, s) => {
      const head = `${s === view.turn ? '▶ ' : ''}${name(s)}: ${pile.length} taken`;
      const t = scene.add.text(px, y, `${head}\n  ${pile.map((c) => label(c.value)).join(' ') || '—'}`, { ...style, color: s === ctx.mySeat ? '#f2c14e' : '#f2f2f2' });
      layer.add(t);
      y += t.height + 8;
    });

    if (!seat) ctx.hint(view.phase === 'over' ? 'Game over.' : `Watching ${name(view.turn)}.`);
    else if (seat.myTurn) ctx.hint(view.opened.length === 0 ? 'Your turn: open a card (click, or arrows + Enter).' : 'Your run goes on: open another card.');
    else if (view.phase === 'reveal') ctx.hint('Remember these cards before they turn back.');
    else if (view.phase === 'over') ctx.hint('Game over.');
    else ctx.hint(`Watch and remember: ${name(view.turn)} is opening cards.`);
  }

  onKey(ctx: RenderContext, key: string): void {
    const last = this.last;
    if (!last) return;
    const { pub } = last;
    const move = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: pub.columns, ArrowUp: -pub.columns }[key];
    if (move !== undefined) {
      this.cursor = (this.cursor + move + pub.cells.length) % pub.cells.length;
      ctx.layer.removeAll(true);
      this.render(ctx, pub, last.mine);
    } else if (key === 'Enter' || key === ' ') {
      if (last.mine?.canOpen.includes(this.cursor)) this.open(ctx, this.cursor);
      else ctx.hint('That card cannot be opened now.');
    }
  }

  destroy(): void {
    this.timer?.remove();
  }

  /** Half-turn the card at once; if refused it turns back. */
  private open(ctx: RenderContext, pos: number): void {
    ctx.act({ type: 'open', pos }, () => {
      const sprite = this.sprites.get(pos);
      if (!sprite?.active) return () => undefined;
      ctx.scene.tweens.add({ targets: sprite, scaleX: 0.15, duration: 120 });
      return () => { if (sprite.active) ctx.scene.tweens.add({ targets: sprite, scaleX: 1, duration: 250, ease: 'Back.easeOut' }); };
    });
  }
}
