/**
 * Bip! Bip! table: the 4×4 board (row 1 at the top, so cards read the same way), the players, your
 * hand and the last claim shown during the freeze. Cars and cards are kept pieces: a move slides
 * the car (and the one it swaps with), a claimed card leaves the hand, a penalty card arrives.
 * Only what the server would accept is lit: cars that may move now, their allowed neighbours, the
 * cars of the chosen card's claim, Bip! while claims are open to you. Tap or drag a car.
 */
import type Phaser from 'phaser';
import type { GameRenderer, RenderContext } from '../renderer.js';
import type { BipAction } from '../../../shared/games/bip_bip/actions.js';
import type { BipPublicView, BipSeatView, CardFace } from '../../../shared/games/bip_bip/views.js';
import { adjacent, cellName, moved, moveProblem, type Board } from '../../../shared/games/bip_bip/board.js';
import { t } from '../../i18n/index.js';
import { hitBox, tableButton, tapArea } from '../controls.js';
import { Stage } from '../stage.js';
import { DeferredRedraw } from '../deferredRedraw.js';
import { ResizeSnap } from '../resizeSnap.js';
import { drawCard, drawMark, turned } from './pieces.js';
import { bipLayout, CARD_RATIO, type BipLayout } from './layout.js';

type Mark = 'R' | 'B' | 'Y';
const tt = (key: string, opts?: Record<string, unknown>): string => t(`table_bip_bip:${key}`, opts);
const secs = (ms: number): string => Math.max(0, ms / 1000).toFixed(1);
const FONT = 'system-ui, sans-serif';

export class BipBipRenderer implements GameRenderer<BipPublicView, BipSeatView, BipAction> {
  get keysHelp(): string { return tt('keys'); }
  /** Texts, boxes, rings and buttons kept by key too, drawn in the order each render names them. */
  private stage = Object.assign(new Stage(), { ordered: true });
  private resize = new ResizeSnap();
  private cursor = 5;
  private car: number | null = null;
  private card: number | null = null;
  /** The cars pointed at for the chosen card's claim (sent with the third). */
  private claimCars: number[] = [];
  /** Claims sent and not yet settled: the card shows as played until the server has answered. */
  private pendingClaims = new Map<number, number>();
  /** A claim the server just refused: its card is marked for a moment. */
  private refusedCard: number | null = null;
  /** A move sent and not yet on the server's board: drawn at once, undone if refused. */
  private pendingMove: { from: number; to: number; version: number } | null = null;
  private turns = 0;
  private focus: 'board' | 'hand' = 'board';
  private swapPick = new Set<number>();
  private last: { ctx: RenderContext<BipAction>; pub: BipPublicView; mine: BipSeatView | null } | null = null;
  private clocks: { text: Phaser.GameObjects.Text; label: () => string }[] = [];
  private timer: Phaser.Time.TimerEvent | null = null;
  private redraw = new DeferredRedraw(() => {
    const l = this.last;
    if (l && l.ctx.layer.active) this.render(l.ctx, l.pub, l.mine);
  });
  /** Which car piece stands on each cell (cars have no ids: a move hands the key along). */
  private carKeys: (string | null)[] = Array.from({ length: 16 }, () => null);
  private nextCarKey = 0;
  private frozenShown = false;
  private layout: BipLayout | null = null;
  /** The hand page shown, of how many; cards on other pages this render; cards already seen in the hand. */
  private page = 0;
  private pages = 1;
  private offPage = new Set<string>();
  private handSeen = new Set<number>();

  render(ctx: RenderContext<BipAction>, view: BipPublicView, seat: BipSeatView | null): void {
    this.last = { ctx, pub: view, mine: seat };
    if (this.stage.attach(ctx.scene, ctx.layer)) this.carKeys = this.carKeys.map(() => null);
    this.stage.begin();
    this.resize.begin(ctx.width, ctx.height);
    this.clocks = [];
    this.settle(view, seat);
    this.timer ??= ctx.scene.time.addEvent({ delay: 100, loop: true, callback: () => this.tick() });
    const L = bipLayout(ctx.width, ctx.height, seat?.hand.length ?? 0, view.players.length);
    this.layout = L;
    const board = this.shownBoard(view);
    this.drawBoard(ctx, view, seat, board, L);
    this.drawInfo(ctx, view, seat, L);
    this.drawPlayers(ctx, view, L);
    this.drawHand(ctx, view, seat, L);
    // A card that left the hand (claimed) goes to the board; one only turned off the page fades where it was.
    this.stage.end((key) => (key.startsWith('card-') && !this.offPage.has(key) ? this.arrivalPoint(L) : null));
    ctx.hint(this.hintText(ctx, view, seat));
  }

  destroy(): void {
    this.timer?.remove();
    this.timer = null;
    this.stage.destroy();
  }

  /** Drop local choices the new state makes moot. */
  private settle(view: BipPublicView, seat: BipSeatView | null): void {
    if (this.card !== null && !seat?.hand.some((c) => c.id === this.card)) this.chooseCard(null);
    if (this.pendingMove && view.boardVersion !== this.pendingMove.version) this.pendingMove = null;
    const board = this.shownBoard(view);
    if (this.car !== null && board[this.car] === null) this.car = null;
    if (!this.canMove(view, seat)) this.car = null;
    this.claimCars = this.claimCars.filter((c) => board[c] !== null);
    for (const id of [...this.pendingClaims.keys()]) if (!seat?.hand.some((c) => c.id === id)) this.pendingClaims.delete(id);
    // A wrong claim is applied (a penalty), not refused: the card stays in the hand, playable later.
    if (seat && seat.blockedUntil > this.last!.ctx.serverNow()) this.pendingClaims.clear();
    if (view.phase !== 'swap') this.swapPick.clear();
  }

  private shownBoard(view: BipPublicView): Board {
    const m = this.pendingMove;
    return m && m.version === view.boardVersion ? moved(view.board, m.from, m.to) : view.board;
  }

  private tick(): void {
    this.clocks.forEach((c) => c.text.active && c.text.setText(c.label()));
    const l = this.last;
    if (!l) return;
    // The freeze and a claim block end on the clock, not on a patch: redraw when they do.
    const now = l.ctx.serverNow();
    const frozen = l.pub.lastClaim !== null && now < l.pub.frozenUntil;
    const blocked = (l.mine?.blockedUntil ?? 0) > now;
    const key = frozen || blocked;
    if (key !== this.frozenShown) { this.frozenShown = key; this.rerender(); }
  }

  // ---- rules on the client (shared/games/bip_bip) --------------------------------------------

  private before(view: BipPublicView): Board | null {
    // The board before the last move is that move undone (a move swaps two cells).
    return view.lastMove ? moved(view.board, view.lastMove.from, view.lastMove.to) : null;
  }

  private canMove(view: BipPublicView, seat: BipSeatView | null): boolean {
    if (!seat || this.pendingMove) return false;
    return view.phase === 'play' && this.last!.ctx.serverNow() >= view.frozenUntil && view.light !== seat.seat;
  }

  private moveOk(view: BipPublicView, from: number, to: number): boolean {
    return moveProblem(view.board, this.before(view), from, to) === null;
  }

  private canClaim(view: BipPublicView, seat: BipSeatView | null): boolean {
    return !!seat && view.phase === 'play' && this.last!.ctx.serverNow() >= seat.blockedUntil;
  }

  // ---- drawing -------------------------------------------------------------------------------

  /** A text kept by key whose words the timer refreshes (`label` is read again on every tick). */
  private clock(key: string, x: number, y: number, label: () => string, style: Phaser.Types.GameObjects.Text.TextStyle = {}): Phaser.GameObjects.Text {
    const full = { fontFamily: FONT, fontSize: '14px', color: '#f2f2f2', ...style };
    const text = this.stage.shape(key, JSON.stringify([x, y, full]), (scene) => scene.add.text(x, y, label(), full));
    const words = label();
    if (text.text !== words) text.setText(words);
    this.clocks.push({ text, label });
    return text;
  }

  /** A text kept by key, made again when its words, place or style change. Under the pieces. */
  private text(key: string, x: number, y: number, words: string, style: Phaser.Types.GameObjects.Text.TextStyle, origin: [number, number] = [0, 0]): Phaser.GameObjects.Text {
    return this.stage.shape(key, JSON.stringify([x, y, words, style, origin]), (scene) => scene.add.text(x, y, words, style).setOrigin(...origin));
  }

  /**
   * A table button (controls.ts tableButton) kept by its id, made again when its words, place,
   * size or whether it is live change; what a tap does is set on every render, and one no longer
   * drawn leaves the tap targets at the render's end.
   */
  private button(x: number, y: number, label: string, id: string, onTap: (() => void) | null, opts: { w?: number; primary?: boolean; font?: number } = {}): { w: number; h: number } {
    const made = this.stage.shape(`button-${id}`, `${x}|${y}|${label}|${onTap !== null}|${JSON.stringify(opts)}`, (scene) => {
      const c = scene.add.container(0, 0);
      c.setData('size', tableButton(scene, c, x, y, label, id, onTap, opts));
      return c;
    });
    tapArea(made.list[0] as Phaser.GameObjects.Rectangle, id, onTap);
    return made.getData('size') as { w: number; h: number };
  }

  private cellAt(L: BipLayout, c: number): { x: number; y: number } {
    const step = L.board.size / 4;
    return { x: L.board.x + step * (c % 4) + step / 2, y: L.board.y + step * Math.floor(c / 4) + step / 2 };
  }

  /** Hand car keys along a move, and match the rest by colour and distance (a new round deals afresh). */
  private assignCars(board: Board): void {
    const keys: (string | null)[] = Array.from({ length: 16 }, () => null);
    const free = new Map<string, number>();
    this.carKeys.forEach((k, c) => { if (k) free.set(k, c); });
    const colourOf = new Map<string, Mark>();
    for (const [k] of free) {
      const obj = this.stage.get(k);
      const colour = obj?.getData('colour') as Mark | undefined;
      if (colour) colourOf.set(k, colour);
    }
    // Cars that stayed keep their key.
    board.forEach((car, c) => {
      const k = this.carKeys[c];
      if (car && k && colourOf.get(k) === car) { keys[c] = k; free.delete(k); }
    });
    board.forEach((car, c) => {
      if (!car || keys[c]) return;
      let best: string | null = null;
      let bestD = Infinity;
      for (const [k, from] of free) {
        if (colourOf.get(k) !== car) continue;
        const d = Math.abs((from % 4) - (c % 4)) + Math.abs(Math.floor(from / 4) - Math.floor(c / 4));
        if (d < bestD) { bestD = d; best = k; }
      }
      if (best) free.delete(best);
      keys[c] = best ?? `car-${this.nextCarKey++}`;
    });
    this.carKeys = keys;
  }

  private drawBoard(ctx: RenderContext<BipAction>, view: BipPublicView, seat: BipSeatView | null, board: Board, L: BipLayout): void {
    const { scene } = ctx;
    const step = L.board.size / 4;
    this.stage.shape('roads', `${L.board.x}|${L.board.y}|${L.board.size}`, (sc) => {
      const roads = sc.add.graphics();
      roads.fillStyle(0x263042).fillRoundedRect(L.board.x, L.board.y, L.board.size, L.board.size, 10);
      roads.lineStyle(step * 0.32, 0x4a5674);
      for (let i = 0; i < 4; i++) {
        const a = this.cellAt(L, i * 4), b = this.cellAt(L, i * 4 + 3);
        roads.lineBetween(a.x - step * 0.4, a.y, b.x + step * 0.4, b.y);
        const c = this.cellAt(L, i), d = this.cellAt(L, i + 12);
        roads.lineBetween(c.x, c.y - step * 0.4, d.x, d.y + step * 0.4);
      }
      roads.lineStyle(2, 0xd8dde8, 0.5);
      for (let i = 0; i < 4; i++) {
        const a = this.cellAt(L, i * 4), b = this.cellAt(L, i * 4 + 3);
        for (let x = a.x; x < b.x; x += 14) roads.lineBetween(x, a.y, x + 6, a.y);
        const c = this.cellAt(L, i), d = this.cellAt(L, i + 12);
        for (let y = c.y; y < d.y; y += 14) roads.lineBetween(c.x, y, c.x, y + 6);
      }
      return roads;
    });
    const label = { fontFamily: FONT, fontSize: '12px', color: '#aab3c5' };
    for (let i = 0; i < 4; i++) {
      this.text(`column-${i}`, this.cellAt(L, i).x, L.board.y - 1, 'abcd'[i], label, [0.5, 1]);
      this.text(`row-${i}`, L.board.x - 3, this.cellAt(L, i * 4).y, `${i + 1}`, label, [1, 0.5]);
    }
    const now = ctx.serverNow();
    const frozen = view.lastClaim && now < view.frozenUntil ? view.lastClaim : null;
    const lm = view.lastMove;
    const movable = this.canMove(view, seat);
    const pointing = this.card !== null && this.canClaim(view, seat) && !this.pendingClaims.has(this.card);
    // Each ring is keyed by its cell and what it marks (its look: place, size, colour).
    const ring = (c: number, what: string, colour: number, width: number, r: number, dashed = false) => {
      const { x, y } = this.cellAt(L, c);
      const look = `${x}|${y}|${r}|${colour}|${width}`;
      if (!dashed) return void this.stage.shape(`ring-${what}-${c}`, look, (sc) => sc.add.circle(x, y, r).setStrokeStyle(width, colour), 'over');
      this.stage.shape(`ring-${what}-${c}`, look, (sc) => {
        const g = sc.add.graphics().lineStyle(width, colour);
        for (let a = 0; a < 12; a++) g.beginPath().arc(x, y, r, (a * Math.PI) / 6, ((a + 0.6) * Math.PI) / 6).strokePath();
        return g;
      }, 'over');
    };
    this.assignCars(board);
    for (let c = 0; c < 16; c++) {
      const { x, y } = this.cellAt(L, c);
      const car = board[c];
      const key = this.carKeys[c];
      if (car && key) {
        const r = step * 0.27;
        const obj = this.stage.place(key, `${car}:${Math.round(r)}`, () => {
          const piece = scene.add.container(0, 0, drawMark(scene, 0, 0, r, car));
          piece.setData('colour', car);
          return piece;
        }, { x, y, depth: 1 });
        this.resize.settle(obj, x, y);
      }
      // One hit area per intersection (data 'cell'): a tap picks a car, a neighbour, or a car of the claim.
      const hit = this.stage.shape(`hit-${c}`, `${x}|${y}|${step}`, (sc) => {
        const made = hitBox(sc, x, y, step * 0.92, step * 0.92).setData('cell', c);
        // Dragging a car onto an allowed neighbour: the press picked it, the release here moves it
        // (while this cell is lit as one: `drop`, set on every render).
        made.on('pointerup', () => (made.getData('drop') as (() => void) | null)?.());
        return made;
      });
      let tap: (() => void) | null = null;
      let id = '';
      if (pointing && car) { tap = () => this.pointAt(ctx, c); id = `point-${c}`; }
      else if (movable && this.card === null && this.car !== null && c !== this.car && adjacent(c, this.car) && this.moveOk(view, this.car, c)) {
        tap = () => this.boardAction(ctx, c); id = `to-${c}`;
      } else if (movable && this.card === null && car && this.hasStep(view, c)) { tap = () => this.boardAction(ctx, c); id = `car-${c}`; }
      tapArea(hit, id || `cell-${c}`, tap);
      hit.setData('drop', tap && id.startsWith('to-')
        ? () => { if (this.car !== null && this.card === null && c !== this.car && adjacent(c, this.car)) this.boardAction(ctx, c); }
        : null);
      if (lm && (c === lm.from || c === lm.to)) ring(c, 'last', 0x8a93a8, 2, step * 0.44, true);
      if (id.startsWith('to-')) ring(c, 'to', 0x2fbf71, 3, step * 0.2);
      if (frozen?.cars.includes(c)) ring(c, 'frozen', 0xffffff, 4, step * 0.4);
      if (this.claimCars.includes(c)) ring(c, 'claim', 0xf2c14e, 5, step * 0.34);
      if (c === this.car) ring(c, 'car', 0x2fbf71, 5, step * 0.37);
      if (c === this.cursor && this.focus === 'board') this.stage.shape('cursor', `${x}|${y}|${step}`, (sc) => sc.add.rectangle(x, y, step * 0.86, step * 0.86).setStrokeStyle(2, 0x7fd1ff), 'over');
    }
    // Drag: the picked car follows the finger until it is released.
    if (this.car !== null) this.followDrag(ctx, L);
  }

  private hasStep(view: BipPublicView, c: number): boolean {
    return [c - 4, c + 4, c % 4 > 0 ? c - 1 : -1, c % 4 < 3 ? c + 1 : -1].some((to) => to >= 0 && to < 16 && this.moveOk(view, c, to));
  }

  private followDrag(ctx: RenderContext<BipAction>, L: BipLayout): void {
    const key = this.car === null ? null : this.carKeys[this.car];
    const obj = key ? this.stage.get(key) : undefined;
    const pointer = ctx.scene.input.activePointer;
    if (!obj || !pointer.isDown) return;
    const home = this.cellAt(L, this.car!);
    const move = (p: Phaser.Input.Pointer) => {
      if (!obj.active || !p.isDown || this.car === null) return;
      const m = obj.parentContainer?.getWorldTransformMatrix();
      const lx = m ? p.x - m.tx : p.x;
      const ly = m ? p.y - m.ty : p.y;
      if (Math.hypot(lx - home.x, ly - home.y) > 8) obj.setPosition(lx, ly);
    };
    ctx.scene.input.on('pointermove', move);
    ctx.scene.input.once('pointerup', () => {
      ctx.scene.input.off('pointermove', move);
      if (obj.active && this.car !== null) ctx.scene.tweens.add({ targets: obj, x: home.x, y: home.y, duration: 150 });
    });
  }

  /** The last claim during the freeze, and the chosen card (turnable) beside it. */
  private drawInfo(ctx: RenderContext<BipAction>, view: BipPublicView, seat: BipSeatView | null, L: BipLayout): void {
    const { x, y, w } = L.info;
    const pw = L.previewH / CARD_RATIO;
    const lines = Math.max(1, Math.floor(L.previewH / 15));
    const now = ctx.serverNow();
    const frozen = view.lastClaim && now < view.frozenUntil ? view.lastClaim : null;
    const status = () => this.statusLine(ctx, view);
    this.clock('status', x, y, status, { fontSize: '14px', color: '#f2c14e', fontStyle: 'bold', wordWrap: { width: w }, maxLines: 1 });
    const top = y + 22;
    let left = x;
    if (frozen) {
      const at = left;
      this.stage.shape('frozen-card', `${at}|${top}|${pw}|${JSON.stringify(frozen.face)}`, (sc) => drawCard(sc, at, top, pw, frozen.face));
      const who = this.name(ctx, frozen.seat);
      this.clock('frozen', left + pw + 6, top, () => tt('frozen', { who, cars: frozen.cars.map(cellName).join(' '), s: secs(view.frozenUntil - ctx.serverNow()) }),
        { fontSize: '12px', color: '#ffffff', wordWrap: { width: w / 2 - pw - 12 }, maxLines: lines });
      left = x + w / 2;
    }
    const face = seat?.hand.find((c) => c.id === this.card);
    if (face) {
      const shown = turned(face, this.turns);
      const at = left;
      this.stage.shape('chosen-card', `${at}|${top}|${pw}|${JSON.stringify(shown)}`, (sc) => drawCard(sc, at, top, pw, shown, true));
      const pointed = this.claimCars.length ? ` · ${this.claimCars.map(cellName).join(' ')}` : '';
      this.text('chosen', left + pw + 6, top, `${tt('turned', { deg: this.turns * 90 })}${pointed}`, { fontFamily: FONT, fontSize: '12px', color: '#cfd6e6', wordWrap: { width: x + w - left - pw - 12 }, maxLines: lines });
    }
  }

  private statusLine(ctx: RenderContext<BipAction>, view: BipPublicView): string {
    const now = ctx.serverNow();
    switch (view.phase) {
      case 'countdown': return tt('status.countdown', { round: view.round, rounds: view.rounds, s: secs(view.startsAt - now) });
      case 'swap': return view.swap ? tt('status.swap', { who: this.name(ctx, view.swap.leader), count: view.swap.count, s: secs(view.swap.until - now) }) : '';
      case 'between': {
        const w = view.roundWinners.at(-1);
        return tt('status.between', { who: w !== undefined ? this.name(ctx, w) : '—', s: secs((view.nextRoundAt ?? now) - now) });
      }
      case 'over': return tt('status.over');
      default: return tt('status.play', { round: view.round, rounds: view.rounds });
    }
  }

  private drawPlayers(ctx: RenderContext<BipAction>, view: BipPublicView, L: BipLayout): void {
    const { x, y, w } = L.players;
    const colW = w / L.playerCols;
    view.players.forEach((p, k) => {
      const px = x + (k % L.playerCols) * colW;
      const py = y + Math.floor(k / L.playerCols) * L.playerH;
      const me = p.seat === ctx.mySeat;
      const key = `seat-${p.seat}`;
      this.stage.shape(`${key}-box`, `${px}|${py}|${colW}|${L.playerH}|${me}`, (sc) => sc.add.rectangle(px, py, colW - 4, L.playerH - 4, me ? 0x33405a : 0x262d3d).setOrigin(0).setStrokeStyle(1, me ? 0xf2c14e : 0x4a5674));
      const light = view.light === p.seat;
      const lampY = L.compactPlayers ? py + (L.playerH - 4) / 2 : py + 14;
      if (light) {
        // The green light: a lamp with its word, never the colour alone.
        this.stage.shape(`${key}-lamp`, `${px}|${colW}|${lampY}`, (sc) => sc.add.graphics().fillStyle(0x2fbf71).fillCircle(px + colW - 18, lampY, 8).lineStyle(2, 0xffffff).strokeCircle(px + colW - 18, lampY, 8));
      }
      const head = `${this.name(ctx, p.seat)}${light ? ` · ${tt('light')}` : ''}`;
      const counts = `${tt('cards', { count: p.handCount })} · ${tt('claimed', { count: p.claimed.length })}${p.roundScores.length ? ` · ${tt('total', { n: p.total })}` : ''}`;
      const blocked = () => (ctx.serverNow() < p.blockedUntil ? `✖ ${tt('blocked', { s: secs(p.blockedUntil - ctx.serverNow()) })}` : '');
      if (L.compactPlayers) {
        // One line: the name (cut if long), then the light, the counts or the block while it lasts.
        const nameText = this.text(`${key}-name`, px + 6, py + 5, this.name(ctx, p.seat), { fontFamily: FONT, fontSize: '13px', color: me ? '#f2c14e' : '#ffffff', fontStyle: 'bold', wordWrap: { width: colW * 0.4, useAdvancedWrap: true }, maxLines: 1 });
        const cx = px + 6 + nameText.width + 6;
        const line = () => [light ? tt('light') : '', blocked() || counts].filter(Boolean).join(' · ');
        this.clock(`${key}-line`, cx, py + 6, line, { fontSize: '12px', color: '#cfd6e6', wordWrap: { width: px + colW - 34 - cx }, maxLines: 1 });
        return;
      }
      this.text(`${key}-head`, px + 6, py + 4, head, { fontFamily: FONT, fontSize: '13px', color: me ? '#f2c14e' : '#ffffff', fontStyle: 'bold', wordWrap: { width: colW - 34 }, maxLines: 1 });
      this.text(`${key}-counts`, px + 6, py + 22, counts, { fontFamily: FONT, fontSize: '12px', color: '#cfd6e6', wordWrap: { width: colW - 12 }, maxLines: 1 });
      this.clock(`${key}-blocked`, px + 6, py + 38, blocked, { fontSize: '12px', color: '#ff9a9a' });
    });
    // manualReferee: open claims anyone else may call wrong.
    let ry = y + Math.ceil(view.players.length / L.playerCols) * L.playerH + 2;
    for (const r of view.reviews) {
      const mine = r.seat === ctx.mySeat;
      const open = !mine && ctx.mySeat !== null && view.phase === 'play' && r.until > ctx.serverNow();
      const b = this.button(x, ry, tt('wrong'), `wrong-${r.card}`, open ? () => ctx.act({ type: 'challenge', card: r.card }) : null, { font: 13 });
      this.clock(`review-${r.card}`, x + b.w + 6, ry + 4, () => tt('review', { who: this.name(ctx, r.seat), cars: r.cars.map(cellName).join(' '), s: secs(r.until - ctx.serverNow()) }), { fontSize: '12px', color: mine ? '#aab3c5' : '#ffb0b0', wordWrap: { width: w - b.w - 10 } });
      ry += b.h + 4;
    }
  }

  private drawHand(ctx: RenderContext<BipAction>, view: BipPublicView, seat: BipSeatView | null, L: BipLayout): void {
    this.offPage.clear();
    if (!seat) return;
    const { x, y } = L.buttons;
    const swapping = view.phase === 'swap' && view.swap?.leader === seat.seat;
    if (swapping) {
      const n = this.swapPick.size;
      this.button(x, y, tt('swapButton', { n, count: view.swap!.count }), 'swap', n === view.swap!.count ? () => this.swap(ctx) : null, { primary: true });
    } else {
      const canBip = this.card !== null && this.canClaim(view, seat) && !this.pendingClaims.has(this.card);
      const b = this.button(x, y, tt('bip'), 'bip', canBip ? () => this.claim(ctx) : null, { primary: true });
      const t = this.button(x + b.w + 8, y, L.short ? '↻' : tt('turn'), 'turn', this.card !== null ? () => this.turn() : null, { w: L.short ? 48 : undefined });
      // Put the chosen card back (or let go of the picked car) without hunting for it again.
      this.button(x + b.w + t.w + 16, y, L.short ? '✕' : tt('cancel'), 'cancel', this.card !== null || this.car !== null ? () => this.cancel() : null, { w: L.short ? 48 : undefined });
    }
    // A hand longer than the room is shown a page at a time.
    const pages = Math.max(1, Math.ceil(seat.hand.length / L.perPage));
    this.page = Math.min(this.page, pages - 1);
    this.pages = pages;
    const T = L.handTitle;
    let titleW = T.w;
    if (pages > 1) {
      // ◀ ▶ at the right end of the title line, or of the buttons' row in a short area.
      const row = L.short ? { x: L.buttons.x, y: L.buttons.y, w: L.buttons.w } : { x: T.x, y: T.y + 2, w: T.w };
      this.button(row.x + row.w - 48, row.y, '▶', 'hand-next', this.page < pages - 1 ? () => this.turnPage(1) : null, { w: 48 });
      this.button(row.x + row.w - 102, row.y, '◀', 'hand-prev', this.page > 0 ? () => this.turnPage(-1) : null, { w: 48 });
      titleW = T.w - 116;
    }
    if (T.h > 0) {
      const title = swapping ? tt('swapPick', { count: view.swap!.count }) : tt('hand', { count: seat.hand.length });
      const pageNote = pages > 1 ? ` · ${tt('page', { n: this.page + 1, of: pages })}` : '';
      this.text('hand-title', T.x, T.y + (T.h - 17) / 2, `${title}${pageNote}`, { fontFamily: FONT, fontSize: '13px', color: '#f2c14e', wordWrap: { width: titleW }, maxLines: 1 });
    }
    const w = L.cardW;
    const first = this.page * L.perPage;
    seat.hand.forEach((card, i) => {
      const k = i - first;
      if (k < 0 || k >= L.perPage) {
        this.offPage.add(`card-${card.id}`);
        return;
      }
      const cx = L.hand.x + (k % L.handCols) * (w + L.gap);
      const cy = L.hand.y + Math.floor(k / L.handCols) * (L.cardH + L.gap);
      const chosen = swapping ? this.swapPick.has(card.id) : this.card === card.id;
      const pending = this.pendingClaims.has(card.id);
      const refused = this.refusedCard === card.id;
      const look = `${card.id}:${Math.round(w)}:${chosen}:${pending}:${refused}:${k}`;
      // A card new to the hand (the deal, a penalty) comes from the table; one back from another page fades in.
      const from = this.handSeen.has(card.id) ? undefined : this.arrivalPoint(L);
      const obj = this.stage.place(`card-${card.id}`, look, () => this.cardPiece(ctx, card, w, chosen, pending, refused, k), {
        x: cx, y: cy + (chosen ? -4 : 0), from, alpha: 1,
      });
      this.resize.settle(obj, cx, cy + (chosen ? -4 : 0));
      const bg = obj.list[0] as Phaser.GameObjects.Rectangle;
      let tap: (() => void) | null = null;
      // By id, not by place: the hand may have changed between this drawing and the tap.
      if (swapping) tap = card.kind === 'regular' || this.swapPick.has(card.id) ? () => this.pickCard(card.id) : null;
      else if (view.phase === 'play' && !pending) tap = () => this.pickCard(card.id);
      tapArea(bg, `card-${card.id}`, tap);
    });
    this.handSeen = new Set(seat.hand.map((c) => c.id));
  }

  private turnPage(by: number): void {
    this.page = Math.max(0, Math.min(this.pages - 1, this.page + by));
    this.rerender();
  }

  /** A penalty card comes from the middle of the table. */
  private arrivalPoint(L: BipLayout): { x: number; y: number } {
    return { x: L.board.x + L.board.size / 2, y: L.board.y + L.board.size / 2 };
  }

  private cardPiece(ctx: RenderContext<BipAction>, card: CardFace, w: number, chosen: boolean, pending: boolean, refused: boolean, k: number): Phaser.GameObjects.Container {
    const face = drawCard(ctx.scene, 0, 0, w, card, chosen, k < 9 ? `${k + 1}` : undefined);
    (face.list[0] as Phaser.GameObjects.Rectangle).setData('card', card.id);
    if (pending) {
      // Sent, not yet answered: the figure gives way to "Bip!…".
      for (const o of face.list.slice(1)) (o as unknown as Phaser.GameObjects.Components.Visible).setVisible?.(false);
      face.add(ctx.scene.add.text(w / 2, (w * CARD_RATIO) / 2, tt('bipPending'), { fontFamily: FONT, fontSize: w < 60 ? '12px' : '15px', color: '#1d2330', fontStyle: 'bold', backgroundColor: '#f2c14e' }).setOrigin(0.5));
    }
    if (refused) face.add(ctx.scene.add.rectangle(0, 0, w, w * CARD_RATIO).setOrigin(0).setStrokeStyle(4, 0xd64545).setData('refused', true));
    return face;
  }

  private turn(): void {
    this.turns = (this.turns + 1) % 4;
    this.rerender();
  }

  private chooseCard(id: number | null): void {
    if (id !== this.card) { this.turns = 0; this.claimCars = []; }
    this.card = id;
  }

  private name(ctx: RenderContext<BipAction>, seat: number): string {
    return seat === ctx.mySeat ? tt('you') : ctx.seats.find((s) => s.seat === seat)?.name ?? tt('seat', { n: seat + 1 });
  }

  private hintText(ctx: RenderContext<BipAction>, view: BipPublicView, seat: BipSeatView | null): string {
    if (!seat) return tt('hint.watching');
    const now = ctx.serverNow();
    if (view.phase === 'swap') return view.swap?.leader === seat.seat ? tt('hint.swapLeader') : tt('hint.swapOther');
    if (view.phase !== 'play') return tt('hint.ready');
    if (now < seat.blockedUntil) return tt('hint.blocked');
    if (this.card !== null) return tt('hint.card', { n: this.claimCars.length });
    if (this.car !== null) return tt('hint.car', { cell: cellName(this.car) });
    if (now < view.frozenUntil) return tt('hint.frozen');
    if (view.light === seat.seat) return tt('hint.light');
    return tt('hint.play');
  }

  private rerender(): void {
    this.redraw.request();
  }

  private boardAction(ctx: RenderContext<BipAction>, c: number): void {
    const view = this.last?.pub;
    const seat = this.last?.mine ?? null;
    if (!view || ctx.mySeat === null) return;
    this.focus = 'board';
    this.cursor = c;
    if (this.card !== null) return this.pointAt(ctx, c);
    if (!this.canMove(view, seat)) return this.rerender();
    if (this.car !== null && c !== this.car && adjacent(this.car, c) && this.moveOk(view, this.car, c)) {
      const from = this.car;
      this.car = null;
      const version = view.boardVersion;
      ctx.act({ type: 'move', from, to: c, seen: version }, () => {
        this.pendingMove = { from, to: c, version };
        this.rerender();
        return () => { this.pendingMove = null; this.rerender(); };
      });
    } else {
      this.car = this.car === c || view.board[c] === null || !this.hasStep(view, c) ? null : c;
    }
    this.rerender();
  }

  /** With a card chosen, the board is for pointing at the claimed cars; the third one sends the claim. */
  private pointAt(ctx: RenderContext<BipAction>, c: number): void {
    const view = this.last?.pub;
    if (!view || view.board[c] === null) return;
    this.claimCars = this.claimCars.includes(c) ? this.claimCars.filter((x) => x !== c) : [...this.claimCars, c];
    if (this.claimCars.length === 3) this.claim(ctx);
    else this.rerender();
  }

  private pickCard(id: number | undefined): void {
    const seat = this.last?.mine;
    const card = seat?.hand.find((c) => c.id === id);
    if (!card) return;
    this.focus = 'hand';
    if (this.last?.pub.phase === 'swap') {
      if (this.swapPick.has(card.id)) this.swapPick.delete(card.id);
      else if (card.kind === 'regular' && this.swapPick.size < (this.last.pub.swap?.count ?? 0)) this.swapPick.add(card.id);
    } else if (!this.pendingClaims.has(card.id)) this.chooseCard(this.card === card.id ? null : card.id);
    this.rerender();
  }

  private cancel(): void {
    this.car = null;
    this.chooseCard(null);
    this.swapPick.clear();
    this.rerender();
  }

  private claim(ctx: RenderContext<BipAction>): void {
    const view = this.last?.pub;
    const seat = this.last?.mine ?? null;
    if (!view || this.card === null || this.pendingClaims.has(this.card)) return;
    if (!this.canClaim(view, seat)) return ctx.hint(this.hintText(ctx, view, seat));
    const card = this.card;
    const cars = this.claimCars.length === 3 ? { cars: this.claimCars } : {};
    this.chooseCard(null);
    // Predicted: the card looks played at once. A refusal brings it back, marked red for a moment;
    // a wrong claim (applied, not refused) leaves it in the hand: either way it is playable again.
    ctx.act({ type: 'claim', card, seen: view.boardVersion, ...cars }, () => {
      const sentAt = Date.now();
      this.pendingClaims.set(card, sentAt);
      ctx.scene.time.delayedCall(1500, () => {
        if (this.pendingClaims.get(card) === sentAt) { this.pendingClaims.delete(card); this.rerender(); }
      });
      this.rerender();
      return () => {
        this.pendingClaims.delete(card);
        this.refusedCard = card;
        this.rerender();
        ctx.scene.time.delayedCall(1200, () => { if (this.refusedCard === card) { this.refusedCard = null; this.rerender(); } });
      };
    });
  }

  private swap(ctx: RenderContext<BipAction>): void {
    const view = this.last?.pub;
    if (!view?.swap || this.swapPick.size !== view.swap.count) return;
    ctx.act({ type: 'swap', cards: [...this.swapPick] });
    this.swapPick.clear();
  }

  onKey(ctx: RenderContext<BipAction>, key: string): void {
    const view = this.last?.pub;
    if (!view) return;
    const move = ({ ArrowRight: 1, ArrowLeft: -1, ArrowDown: 4, ArrowUp: -4 } as Record<string, number>)[key];
    const k = key.toLowerCase();
    if (move !== undefined) {
      const next = this.cursor + move;
      if (next >= 0 && next < 16 && (Math.abs(move) === 4 || Math.floor(next / 4) === Math.floor(this.cursor / 4))) this.cursor = next;
      this.focus = 'board';
      const car = view.board[this.cursor];
      ctx.hint(tt(car ? 'cursorCar' : 'cursor', { cell: cellName(this.cursor), colour: car ? tt(`colour.${car}`) : '' }));
      this.rerender();
    } else if (key >= '1' && key <= '9') {
      // The number drawn on a card of the page shown.
      const first = this.page * (this.layout?.perPage ?? 0);
      this.pickCard(this.last?.mine?.hand[first + Number(key) - 1]?.id);
    } else if (key === 'PageDown' || key === 'PageUp') this.turnPage(key === 'PageDown' ? 1 : -1);
    else if (k === 'b' || (key === 'Enter' && this.focus === 'hand' && this.card !== null)) this.claim(ctx);
    else if (key === 'Enter' || key === ' ') this.boardAction(ctx, this.cursor);
    else if (k === 's' && view.phase === 'swap') this.swap(ctx);
    else if (k === 'r' && this.card !== null) this.turn();
    else if (k === 'w') {
      const r = [...view.reviews].reverse().find((x) => x.seat !== ctx.mySeat && x.until > ctx.serverNow());
      if (r) ctx.act({ type: 'challenge', card: r.card });
    } else if (key === 'Escape') this.cancel();
  }
}
