/**
 * Bip! Bip! table: the 4×4 board (row 1 at the top, so cards read the same way), your hand as mini
 * figures, the players (green light, claim blocks, round scores), and the freeze overlay showing the
 * last claimed card with its cars ringed. Click (or drag) a car to a neighbour to move; choose a
 * card, then point at its three cars (or press Bip!) to claim; R turns the chosen card's preview.
 */
import type Phaser from 'phaser';
import type { GameRenderer, RenderContext } from '../renderer.js';
import type { BipPublicView, BipSeatView } from '../../../shared/games/bip_bip/views.js';
import { drawCard, drawMark, turned } from './pieces.js';

const cellName = (c: number): string => `${'abcd'[c % 4]}${Math.floor(c / 4) + 1}`;
const adjacent = (a: number, b: number): boolean =>
  (Math.floor(a / 4) === Math.floor(b / 4) && Math.abs(a - b) === 1) || Math.abs(a - b) === 4;
const secs = (ms: number): string => `${Math.max(0, ms / 1000).toFixed(1)}s`;

export class BipBipRenderer implements GameRenderer {
  readonly keysHelp = 'arrows + Enter: pick, move or point at a car · 1–9 card · R turn it · B Bip! · W Wrong! · S swap · Esc clear';
  private cursor = 5;
  private car: number | null = null;
  private card: number | null = null;
  /** The cars pointed at for the chosen card's claim (sent with the third). */
  private claimCars: number[] = [];
  /** Claims sent and not yet answered: the card shows as played until the server says otherwise. */
  private pendingClaims = new Set<number>();
  /** A claim the server just refused: its card is marked for a moment. */
  private refusedCard: number | null = null;
  /** Quarter turns of the chosen card's preview, to compare it with the board. */
  private turns = 0;
  private focus: 'board' | 'hand' = 'board';
  private swapPick = new Set<number>();
  private last: { ctx: RenderContext; pub: BipPublicView; mine: BipSeatView | null } | null = null;
  private clocks: { text: Phaser.GameObjects.Text; label: () => string }[] = [];
  private timer: Phaser.Time.TimerEvent | null = null;
  private carSprites = new Map<number, Phaser.GameObjects.GameObject[]>();

  render(ctx: RenderContext, pub: unknown, mine: unknown): void {
    const view = pub as BipPublicView;
    const seat = (mine as BipSeatView | null) ?? null;
    this.last = { ctx, pub: view, mine: seat };
    ctx.layer.removeAll(true);
    this.clocks = [];
    this.carSprites.clear();
    if (this.card !== null && !seat?.hand.some((c) => c.id === this.card)) this.chooseCard(null);
    if (this.car !== null && view.board[this.car] === null) this.car = null;
    this.claimCars = this.claimCars.filter((c) => view.board[c] !== null);
    for (const id of this.pendingClaims) if (!seat?.hand.some((c) => c.id === id)) this.pendingClaims.delete(id);
    this.timer ??= ctx.scene.time.addEvent({ delay: 100, loop: true, callback: () => this.clocks.forEach((c) => c.text.active && c.text.setText(c.label())) });
    const size = Math.min(ctx.height * 0.62, ctx.width * 0.46);
    this.drawBoard(ctx, view, size);
    this.drawPlayers(ctx, view, size + 30);
    this.drawHand(ctx, view, seat, size);
    ctx.hint(this.hintText(ctx, view, seat));
  }

  destroy(): void { this.timer?.remove(); this.timer = null; }

  private clock(ctx: RenderContext, x: number, y: number, label: () => string, style: Phaser.Types.GameObjects.Text.TextStyle = {}): Phaser.GameObjects.Text {
    const text = ctx.scene.add.text(x, y, label(), { fontSize: '14px', color: '#f2f2f2', ...style });
    this.clocks.push({ text, label });
    ctx.layer.add(text);
    return text;
  }

  private drawBoard(ctx: RenderContext, view: BipPublicView, size: number): void {
    const { scene, layer } = ctx;
    const step = size / 4;
    const at = (c: number) => ({ x: 20 + step * (c % 4) + step / 2, y: 20 + step * Math.floor(c / 4) + step / 2 });
    const roads = scene.add.graphics().lineStyle(step * 0.35, 0x4a5674);
    for (let i = 0; i < 4; i++) {
      roads.lineBetween(at(i * 4).x, at(i * 4).y, at(i * 4 + 3).x, at(i * 4).y);
      roads.lineBetween(at(i).x, at(i).y, at(i).x, at(i + 12).y);
    }
    layer.add(roads);
    for (let i = 0; i < 4; i++) {
      layer.add(scene.add.text(at(i).x, 2, 'abcd'[i], { fontSize: '13px', color: '#bbb' }).setOrigin(0.5, 0));
      layer.add(scene.add.text(4, at(i * 4).y, `${i + 1}`, { fontSize: '13px', color: '#bbb' }).setOrigin(0, 0.5));
    }
    const now = ctx.serverNow();
    const frozen = view.lastClaim && now < view.frozenUntil ? view.lastClaim : null;
    const lm = view.lastMove;
    for (let c = 0; c < 16; c++) {
      const { x, y } = at(c);
      const hit = scene.add.rectangle(x, y, step * 0.9, step * 0.9, 0xffffff, 0.001).setInteractive({ useHandCursor: true }).setData('cell', c);
      hit.on('pointerdown', () => { this.cursor = c; this.focus = 'board'; this.boardAction(ctx, c); });
      // Dragging a car onto a neighbour: the press picked it, the release here moves it.
      hit.on('pointerup', () => { if (this.car !== null && this.card === null && c !== this.car && adjacent(c, this.car)) this.boardAction(ctx, c); });
      layer.add(hit);
      const ring = (colour: number, width: number, r: number) => layer.add(scene.add.circle(x, y, r).setStrokeStyle(width, colour));
      if (lm && (c === lm.from || c === lm.to)) ring(0x8a8a8a, 2, step * 0.44);
      if (this.car !== null && c !== this.car && adjacent(c, this.car) && view.board[c] !== view.board[this.car]) ring(0x2fbf71, 2, step * 0.2);
      const car = view.board[c];
      if (car) {
        const sprite = drawMark(scene, x, y, step * 0.27, car);
        layer.add(sprite);
        this.carSprites.set(c, sprite);
      }
      if (frozen?.cars.includes(c)) ring(0xffffff, 4, step * 0.4);
      if (this.claimCars.includes(c)) ring(0xf2c14e, 5, step * 0.33);
      if (c === this.car) ring(0x2fbf71, 5, step * 0.36);
      if (c === this.cursor && this.focus === 'board') layer.add(scene.add.rectangle(x, y, step * 0.86, step * 0.86).setStrokeStyle(2, 0x7fd1ff));
    }
    if (frozen) {
      const who = this.name(ctx, frozen.seat);
      const w = Math.min(110, ctx.width * 0.12);
      layer.add(scene.add.rectangle(size + 34, 14, w + 12, w * 1.3 + 110, 0x000000, 0.6).setOrigin(0));
      layer.add(drawCard(scene, size + 40, 20, w, frozen.face));
      this.clock(ctx, size + 40, 26 + w * 1.3, () => `${who} claimed ${frozen.face.code} (cars ringed: ${frozen.cars.map(cellName).join(' ')})\nFROZEN ${secs(view.frozenUntil - ctx.serverNow())}`, { color: '#fff', fontSize: '12px', wordWrap: { width: w } });
    }
  }

  private drawPlayers(ctx: RenderContext, view: BipPublicView, y: number): void {
    const { scene, layer, width } = ctx;
    const colW = Math.max(150, (width * 0.46) / Math.max(1, view.players.length));
    let top = y + 6;
    const status = () => {
      const now = ctx.serverNow();
      switch (view.phase) {
        case 'countdown': return `Round ${view.round} of ${view.rounds} starts in ${secs(view.startsAt - now)}`;
        case 'swap': return view.swap ? `${this.name(ctx, view.swap.leader)} leads and swaps ${view.swap.count} card(s) · ${secs(view.swap.until - now)}` : '';
        case 'between': return `Round won by ${view.roundWinners.at(-1) !== undefined ? this.name(ctx, view.roundWinners.at(-1)!) : '—'} · next round in ${secs((view.nextRoundAt ?? now) - now)}`;
        case 'over': return 'Game over: fewest cards left in total wins.';
        default: return `Round ${view.round} of ${view.rounds} · ${view.variant}${view.manualReferee ? ' · manual referee' : ''}`;
      }
    };
    this.clock(ctx, 20, top, status, { fontSize: '15px', color: '#f2c14e' });
    top += 24;
    view.players.forEach((p, k) => {
      const x = 20 + k * colW;
      const me = p.seat === ctx.mySeat;
      const light = view.light === p.seat ? '● GREEN LIGHT (may not move)' : '';
      const scores = p.roundScores.length ? `rounds ${p.roundScores.join('+')} = ${p.total}` : 'no score yet';
      layer.add(scene.add.text(x, top, `${me ? '▶ ' : ''}${this.name(ctx, p.seat)}\n${p.handCount} cards · ${p.claimed.length} claimed\n${scores}`, { fontSize: '13px', color: me ? '#f2c14e' : '#f2f2f2', lineSpacing: 3 }));
      if (light) layer.add(scene.add.text(x, top + 54, light, { fontSize: '12px', color: '#2fbf71', fontStyle: 'bold' }));
      this.clock(ctx, x, top + 70, () => (ctx.serverNow() < p.blockedUntil ? `✖ claims blocked ${secs(p.blockedUntil - ctx.serverNow())}` : ''), { fontSize: '12px', color: '#ff8a8a' });
      // Hands lie face up (rulebook): what each rival is hunting for, as card codes.
      if (!me && p.hand) layer.add(scene.add.text(x, top + 88, p.hand.map((c) => c.code).join('  '), { fontSize: '11px', color: '#9aa4b8', wordWrap: { width: colW - 12 } }));
    });
    // manualReferee: open claims anyone else may call wrong.
    let ry = top + (view.hiddenHands ? 92 : 150);
    for (const r of view.reviews) {
      const mine = r.seat === ctx.mySeat;
      const t = this.clock(ctx, 20, ry, () => `${this.name(ctx, r.seat)} claimed card ${r.card} on ${r.cars.map(cellName).join(' ')} · ${secs(r.until - ctx.serverNow())}${mine ? '' : '  [Wrong! (W)]'}`, { fontSize: '13px', color: mine ? '#bbb' : '#ffb0b0' });
      if (!mine && ctx.mySeat !== null) t.setInteractive({ useHandCursor: true }).on('pointerdown', () => ctx.act({ type: 'challenge', card: r.card }));
      ry += 20;
    }
  }

  private drawHand(ctx: RenderContext, view: BipPublicView, seat: BipSeatView | null, size: number): void {
    if (!seat) return;
    const { scene, layer, width, height } = ctx;
    const left = size + 40 + Math.min(110, width * 0.12) + 20;
    const avail = width - left - 10;
    const per = Math.max(3, Math.min(6, Math.floor(avail / 80)));
    const w = Math.min(90, avail / per - 8);
    const swapping = view.phase === 'swap' && view.swap?.leader === seat.seat;
    layer.add(scene.add.text(left, 0, swapping ? `Choose ${view.swap!.count} regular card(s) to give up` : `Your hand (${seat.hand.length})`, { fontSize: '14px', color: '#f2c14e' }));
    seat.hand.forEach((card, i) => {
      const x = left + (i % per) * (w + 8);
      const y = 20 + Math.floor(i / per) * (w * 1.3 + 8);
      const chosen = swapping ? this.swapPick.has(card.id) : this.card === card.id;
      const face = drawCard(scene, x, y, w, card, chosen);
      if (this.pendingClaims.has(card.id)) face.setAlpha(0.35).add(scene.add.text(w / 2, w * 0.65, 'Bip!…', { fontSize: '16px', color: '#1d2330', fontStyle: 'bold' }).setOrigin(0.5));
      if (this.refusedCard === card.id) face.add(scene.add.rectangle(0, 0, w, w * 1.3).setOrigin(0).setStrokeStyle(4, 0xd64545).setData('refused', true));
      (face.list[0] as Phaser.GameObjects.Rectangle).setInteractive({ useHandCursor: true }).setData('card', card.id).on('pointerdown', () => this.pickCard(ctx, i));
      if (i < 9) face.add(scene.add.text(3, 1, `${i + 1}`, { fontSize: '11px', color: '#555' }));
      layer.add(face);
    });
    const by = Math.min(height - 44, 30 + Math.ceil(seat.hand.length / per) * (w * 1.3 + 8));
    const button = (x: number, label: string, on: () => void, enabled: boolean) => {
      const b = scene.add.text(x, by, label, { fontSize: '18px', color: '#1d2330', backgroundColor: enabled ? '#f2c14e' : '#777', padding: { x: 12, y: 8 } });
      if (enabled) b.setInteractive({ useHandCursor: true }).on('pointerdown', on);
      layer.add(b);
    };
    if (swapping) button(left, `Swap ${this.swapPick.size}/${view.swap!.count} (S)`, () => this.swap(ctx), this.swapPick.size === view.swap!.count);
    else {
      button(left, 'Bip! Bip! (B)', () => this.claim(ctx), this.card !== null && view.phase === 'play');
      button(left + 190, 'Turn (R)', () => this.turn(), this.card !== null);
    }
    this.drawPreview(ctx, seat, size);
  }

  /** The chosen card, larger and turned by the player, under the board's freeze panel. */
  private drawPreview(ctx: RenderContext, seat: BipSeatView, size: number): void {
    const face = seat.hand.find((c) => c.id === this.card);
    if (!face) return;
    const w = Math.min(110, ctx.width * 0.12);
    const y = Math.min(ctx.height - w * 1.3 - 24, 40 + w * 1.3 + 110);
    ctx.layer.add(drawCard(ctx.scene, size + 40, y, w, turned(face, this.turns), true));
    const pointed = this.claimCars.length ? ` · cars ${this.claimCars.map(cellName).join(' ')}` : '';
    ctx.layer.add(ctx.scene.add.text(size + 40, y + w * 1.3 + 4, `turned ${this.turns * 90}°${pointed}`, { fontSize: '12px', color: '#bbb' }));
  }

  private turn(): void {
    this.turns = (this.turns + 1) % 4;
    this.rerender();
  }

  private chooseCard(id: number | null): void {
    if (id !== this.card) { this.turns = 0; this.claimCars = []; }
    this.card = id;
  }

  private name(ctx: RenderContext, seat: number): string {
    return seat === ctx.mySeat ? 'You' : ctx.seats.find((s) => s.seat === seat)?.name ?? `Seat ${seat + 1}`;
  }

  private hintText(ctx: RenderContext, view: BipPublicView, seat: BipSeatView | null): string {
    if (!seat) return 'Watching.';
    const now = ctx.serverNow();
    if (view.phase === 'swap') return view.swap?.leader === seat.seat ? 'Choose the regular cards to swap for expert cards, then Swap (S).' : 'The leader is swapping cards.';
    if (view.phase !== 'play') return 'Get ready: study your cards.';
    if (this.card !== null) return `Card chosen: point at its three cars (${this.claimCars.length}/3) or press Bip! (B) if the board shows it.`;
    if (this.car !== null) return `Car on ${cellName(this.car)} chosen: click a neighbouring intersection to move it.`;
    if (now < view.frozenUntil) return 'Moves are frozen while the claim is shown.';
    if (view.light === seat.seat) return 'You hold the green light: look for a match in your hand (1–9 then B).';
    return 'Move a car (click it, then a neighbour) or pick a matching card and Bip!';
  }

  private rerender(): void {
    if (this.last) this.render(this.last.ctx, this.last.pub, this.last.mine);
  }

  private boardAction(ctx: RenderContext, c: number): void {
    const view = this.last?.pub;
    if (!view || ctx.mySeat === null) return;
    if (this.card !== null) {
      this.pointAt(ctx, c);
      return;
    }
    if (this.car !== null && c !== this.car && adjacent(this.car, c)) {
      const from = this.car;
      this.car = null;
      ctx.act({ type: 'move', from, to: c, seen: view.boardVersion }, () => this.predictMove(ctx, from, c));
    } else {
      this.car = this.car === c || view.board[c] === null ? null : c;
    }
    this.rerender();
  }

  /** Slide the car at once; the undo puts it back (the frame shows why). */
  private predictMove(ctx: RenderContext, from: number, to: number): () => void {
    const a = this.carSprites.get(from) ?? [];
    const b = this.carSprites.get(to) ?? [];
    const step = (i: number) => ({ dx: ((i % 4) - (from % 4)), dy: (Math.floor(i / 4) - Math.floor(from / 4)) });
    const { dx, dy } = step(to);
    const d = Math.min(ctx.height * 0.62, ctx.width * 0.46) / 4;
    const shift = (objs: Phaser.GameObjects.GameObject[], sx: number, sy: number) =>
      objs.forEach((o) => ctx.scene.tweens.add({ targets: o, x: `+=${sx * d}`, y: `+=${sy * d}`, duration: 150 }));
    shift(a, dx, dy);
    shift(b, -dx, -dy);
    return () => this.rerender();
  }

  /** With a card chosen, the board is for pointing at the claimed cars; the third one sends the claim. */
  private pointAt(ctx: RenderContext, c: number): void {
    const view = this.last?.pub;
    if (!view || view.board[c] === null) return;
    this.claimCars = this.claimCars.includes(c) ? this.claimCars.filter((x) => x !== c) : [...this.claimCars, c];
    if (this.claimCars.length === 3) this.claim(ctx);
    else this.rerender();
  }

  private pickCard(ctx: RenderContext, i: number): void {
    const seat = this.last?.mine;
    const card = seat?.hand[i];
    if (!card) return;
    this.focus = 'hand';
    if (this.last?.pub.phase === 'swap') {
      if (this.swapPick.has(card.id)) this.swapPick.delete(card.id);
      else if (card.kind === 'regular') this.swapPick.add(card.id);
    } else this.chooseCard(this.card === card.id ? null : card.id);
    this.rerender();
  }

  private claim(ctx: RenderContext): void {
    const view = this.last?.pub;
    if (!view || this.card === null) return;
    const card = this.card;
    const cars = this.claimCars.length === 3 ? { cars: this.claimCars } : {};
    this.chooseCard(null);
    // Predicted: the card looks played at once; a refusal brings it back, marked red for a moment.
    ctx.act({ type: 'claim', card, seen: view.boardVersion, ...cars }, () => {
      this.pendingClaims.add(card);
      this.rerender();
      return () => {
        this.pendingClaims.delete(card);
        this.refusedCard = card;
        this.rerender();
        ctx.scene.time.delayedCall(1200, () => { if (this.refusedCard === card) { this.refusedCard = null; this.rerender(); } });
      };
    });
  }

  private swap(ctx: RenderContext): void {
    ctx.act({ type: 'swap', cards: [...this.swapPick] });
    this.swapPick.clear();
  }

  onKey(ctx: RenderContext, key: string): void {
    const view = this.last?.pub;
    if (!view) return;
    const move = ({ ArrowRight: 1, ArrowLeft: -1, ArrowDown: 4, ArrowUp: -4 } as Record<string, number>)[key];
    const k = key.toLowerCase();
    if (move !== undefined) {
      const next = this.cursor + move;
      if (next >= 0 && next < 16 && (Math.abs(move) === 4 || Math.floor(next / 4) === Math.floor(this.cursor / 4))) this.cursor = next;
      this.focus = 'board';
      ctx.hint(`Cursor on ${cellName(this.cursor)}${view.board[this.cursor] ? ` (${view.board[this.cursor]} car)` : ''}`);
      this.rerender();
    } else if (key >= '1' && key <= '9') this.pickCard(ctx, Number(key) - 1);
    else if (k === 'b' || (key === 'Enter' && this.focus === 'hand' && this.card !== null)) this.claim(ctx);
    else if (key === 'Enter' || key === ' ') this.boardAction(ctx, this.cursor);
    else if (k === 's' && view.phase === 'swap') this.swap(ctx);
    else if (k === 'r' && this.card !== null) this.turn();
    else if (k === 'w') {
      const r = [...view.reviews].reverse().find((x) => x.seat !== ctx.mySeat);
      if (r) ctx.act({ type: 'challenge', card: r.card });
    } else if (key === 'Escape') { this.car = null; this.chooseCard(null); this.swapPick.clear(); this.rerender(); }
  }
}
