/**
 * Traffic-Memory table: the face-down grid (cards keyed by position: they flip in place when opened
 * and turned back, and slide to the taker's pile when taken), this turn's trail of opened cards
 * (numbered badges joined by a line), every player's taken cards and the turn clock. Tap a card, or
 * arrows + Enter, to open it. Portrait puts the panel under the grid, landscape beside it.
 */
import type Phaser from 'phaser';
import type { GameRenderer, Happened, RenderContext } from '../renderer.js';
import { seatParam } from '../happened.js';
import type { TrafficMemoryAction } from '../../../shared/games/traffic_memory/actions.js';
import type { TrafficMemoryPublicView, TrafficMemorySeatView } from '../../../shared/games/traffic_memory/views.js';
import { drawBack, drawCard, type CardSize } from '../trafficcars/cardFace.js';
import { Stage, type Spot } from '../stage.js';
import { MoveGate, fitText, setTap } from '../controls.js';
import { t } from '../../i18n/index.js';

const NS = 'table_traffic_memory:';
const label = (v: number | null): string => (v === null ? '★' : String(v));

export class MemoryRenderer implements GameRenderer<TrafficMemoryPublicView, TrafficMemorySeatView, TrafficMemoryAction> {
  get keysHelp(): string { return t(`${NS}keys`); }
  private cursor = 0;
  private ctx: RenderContext<TrafficMemoryAction> | null = null;
  private last: { pub: TrafficMemoryPublicView; mine: TrafficMemorySeatView | null } | null = null;
  private pieces: Stage | null = null;
  private timer: Phaser.Time.TimerEvent | null = null;
  private clock: (() => void) | null = null;
  /** Who took the cards that leave the grid in this render (the patch's `took` event), so they fly to that pile. */
  private takenBy: number | null = null;
  private gate = new MoveGate();

  render(frame: RenderContext<TrafficMemoryAction>, pub: TrafficMemoryPublicView, mine: TrafficMemorySeatView | null, events: readonly Happened[] = []): void {
    // `took`, `took_wild`... in the live log; `took` in the replay's journal.
    this.takenBy = events.filter((e) => e.type.startsWith('took')).map((e) => seatParam(e)).filter((s) => s !== null).at(-1) ?? null;
    this.gate.seen(pub, mine);
    const ctx = this.gate.wrap(frame, () => { if (this.last && this.pieces) this.draw(ctx, this.last.pub, this.last.mine); });
    this.ctx = ctx;
    this.last = { pub, mine };
    const { scene, layer } = ctx;
    this.pieces ??= new Stage();
    const fresh = this.pieces.attach(scene, layer);
    if (fresh && !this.timer) {
      this.timer = scene.time.addEvent({ delay: 100, loop: true, callback: () => this.clock?.() });
    }
    this.draw(ctx, pub, mine);
  }

  private draw(ctx: RenderContext<TrafficMemoryAction>, view: TrafficMemoryPublicView, seat: TrafficMemorySeatView | null): void {
    const { scene, width, height } = ctx;
    const stage = this.pieces!;
    stage.begin();
    const outline = (key: string, x: number, y: number, ow: number, oh: number, width: number, colour: number, alpha = 1) =>
      stage.shape(key, `${x}|${y}|${ow}|${oh}|${width}|${colour}`, (sc) => sc.add.rectangle(x, y, ow, oh).setStrokeStyle(width, colour, alpha));
    const name = (s: number): string => (s === ctx.mySeat ? t(`${NS}you`) : ctx.seats.find((x) => x.seat === s)?.name ?? t(`${NS}seat`, { n: s + 1 }));

    // layout: grid and a panel, side by side when wide, stacked when tall
    const landscape = width > height * 1.25;
    const cols = view.columns;
    const rows = Math.ceil(view.cells.length / cols);
    const gap = 6;
    const panelH = landscape ? 0 : Math.min(220, Math.max(150, height * 0.3));
    const gridW = landscape ? width - 250 : width;
    const gridH = height - panelH - 4;
    let w = Math.min(120, (gridW - gap * (cols - 1)) / cols);
    const h = Math.min(w * 1.35, (gridH - gap * (rows - 1)) / rows);
    w = Math.min(w, Math.max(h / 1.35, Math.min(w, 46)));
    const size: CardSize = { w, h };
    const left = (gridW - (cols * w + (cols - 1) * gap)) / 2;
    const centre = (pos: number): Spot => ({ x: left + (pos % cols) * (w + gap) + w / 2, y: Math.floor(pos / cols) * (h + gap) + h / 2 + 2 });

    // the panel
    const px = landscape ? Math.min(gridW, left + cols * (w + gap) + 18) : 0;
    const py = landscape ? 2 : rows * (h + gap) + 10;
    const pw = width - px;
    const pileSpots: Spot[] = [];
    let y = py;
    // Its words are the ticking clock's (this.clock): the stage keeps the label, the tick writes it.
    const clock = stage.label('clock', px, y, '', { size: 17, colour: '#f2c14e' });
    const now = (): number => ctx.serverNow();
    const secs = (at: number): string => (Math.max(0, at - now()) / 1000).toFixed(1);
    this.clock = () => {
      if (!clock.active) return;
      clock.setFontSize(17); // fitText below shrinks it for a long line; a shorter one gets its size back
      // The frame's top bar counts these deadlines down: here, only who is to open a card.
      if (ctx.frameClock) clock.setText(view.phase === 'flip' ? t(`${NS}clock.openNoClock`, { name: name(view.turn) }) : view.phase === 'reveal' ? '' : t(`${NS}clock.over`));
      else if (view.phase === 'flip') clock.setText(view.flipBy !== null ? t(`${NS}clock.open`, { name: name(view.turn), s: secs(view.flipBy) }) : t(`${NS}clock.openNoClock`, { name: name(view.turn) }));
      else if (view.phase === 'reveal' && view.revealUntil !== null) clock.setText(t(`${NS}clock.reveal`, { s: secs(view.revealUntil) }));
      else clock.setText(t(`${NS}clock.over`));
      fitText(clock, pw);
    };
    this.clock();
    y += 26;
    const trail = view.opened.map((pos) => { const c = view.cells[pos]; return c?.state === 'up' ? label(c.card.value) : '?'; });
    stage.label('trail', px, y, t(`${NS}trail`, { name: name(view.turn), trail: trail.length ? trail.join(' → ') : '—' }), { size: 15, maxWidth: pw });
    y += 22;
    stage.label('deck', px, y, t(view.wilds ? `${NS}deckWilds` : `${NS}deck`, { count: view.faceDown, from: view.range.from, to: view.range.to }), { size: 13, colour: '#bbb', maxWidth: pw });
    y += 22;
    const perRow = landscape ? 1 : Math.min(view.piles.length, pw >= 360 ? 2 : 1);
    const colW = pw / perRow;
    view.piles.forEach((pile, s) => {
      const cx = px + (s % perRow) * colW;
      const cy = y + Math.floor(s / perRow) * 40;
      const mark = s === view.turn ? '● ' : '';
      const head = t(`${NS}pile`, { name: name(s), count: pile.length });
      stage.label(`pile-${s}`, cx, cy, `${mark}${head}`, { size: 14, colour: s === ctx.mySeat ? '#f2c14e' : '#f2f2f2', bold: s === view.turn, maxWidth: colW - 8 });
      stage.label(`pile-cards-${s}`, cx + 12, cy + 18, pile.map((c) => label(c.value)).join(' ') || '—', { size: 13, colour: '#cfd6e6', maxWidth: colW - 20 });
      pileSpots[s] = { x: cx + 30, y: cy + 20 };
    });

    // the grid, keyed by position
    const canOpen = new Set(this.gate.open ? seat?.canOpen ?? [] : []);
    const takenBy = this.takenBy;
    this.takenBy = null;
    for (const cell of view.cells) {
      const at = centre(cell.pos);
      if (seat?.myTurn && cell.pos === this.cursor) outline('cursor', at.x, at.y, w + 8, h + 8, 3, 0x7fd1ff);
      if (cell.state === 'gone') {
        outline(`gone-${cell.pos}`, at.x, at.y, w, h, 1, 0x4a5674, 0.6);
        continue;
      }
      const order = view.opened.indexOf(cell.pos);
      const face = cell.state === 'up' ? `${cell.card.id}#${order >= 0}` : 'down';
      const piece = stage.piece(cell.pos, face, w, h, (c) => {
        c.add(cell.state === 'up' ? drawCard(scene, 0, 0, size, cell.card, order >= 0 ? 0xf2c14e : 0x222222) : drawBack(scene, 0, 0, size));
      }, at);
      setTap(piece, `card-${cell.pos}`, canOpen.has(cell.pos) ? () => { this.cursor = cell.pos; this.open(ctx, cell.pos); } : null);
    }

    // trail: a line through this turn's opened cards and numbered badges
    if (view.opened.length > 0) {
      const pts = view.opened.map(centre);
      stage.shape('trail-line', JSON.stringify(pts), (sc) => {
        const g = sc.add.graphics().lineStyle(3, 0xf2c14e, 0.8);
        for (let i = 1; i < pts.length; i++) g.lineBetween(pts[i - 1].x, pts[i - 1].y, pts[i].x, pts[i].y);
        return g;
      }, 'over');
      pts.forEach((p, i) => {
        const bx = p.x - w / 2 + 9, by = p.y + h / 2 - 9;
        stage.shape(`badge-${i}`, `${bx}|${by}`, (sc) => sc.add.circle(bx, by, 9, 0xf2c14e).setStrokeStyle(1, 0x111111), 'over');
        stage.label(`badge-n-${i}`, bx, by, String(i + 1), { size: 12, colour: '#111', bold: true, origin: [0.5, 0.5] });
      });
    }
    stage.end(() => (takenBy !== null ? pileSpots[takenBy] ?? null : null));

    if (!seat) ctx.hint(view.phase === 'over' ? t(`${NS}hint.over`) : t(`${NS}hint.watching`, { name: name(view.turn) }));
    else if (seat.myTurn) ctx.hint(view.opened.length === 0 ? t(`${NS}hint.yourTurn`) : t(`${NS}hint.goOn`));
    else if (view.phase === 'reveal') ctx.hint(t(`${NS}hint.remember`));
    else if (view.phase === 'over') ctx.hint(t(`${NS}hint.over`));
    else ctx.hint(t(`${NS}hint.watch`, { name: name(view.turn) }));
  }

  onKey(ctx: RenderContext<TrafficMemoryAction>, key: string): void {
    const last = this.last;
    if (!last) return;
    const { pub } = last;
    const move = ({ ArrowRight: 1, ArrowLeft: -1, ArrowDown: pub.columns, ArrowUp: -pub.columns } as Record<string, number>)[key];
    if (move !== undefined) {
      this.cursor = (this.cursor + move + pub.cells.length) % pub.cells.length;
      this.draw(ctx, pub, last.mine);
    } else if (key === 'Enter' || key === ' ') {
      if (this.gate.open && last.mine?.canOpen.includes(this.cursor)) this.open(this.ctx ?? ctx, this.cursor);
      else ctx.hint(t(`${NS}hint.cannotOpen`));
    }
  }

  destroy(): void {
    this.timer?.remove();
    this.timer = null;
    this.pieces?.destroy();
    this.pieces = null;
  }

  /** Half-turn the card at once; if refused it turns back. */
  private open(ctx: RenderContext<TrafficMemoryAction>, pos: number): void {
    ctx.act({ type: 'open', pos }, () => {
      const sprite = this.pieces?.get(pos);
      if (!sprite?.active) return () => undefined;
      ctx.scene.tweens.add({ targets: sprite, scaleX: 0.15, duration: 120 });
      return () => { if (sprite.active) ctx.scene.tweens.add({ targets: sprite, scaleX: 1, duration: 250, ease: 'Back.easeOut' }); };
    });
  }
}
