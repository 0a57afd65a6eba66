/**
 * Car Exchange table: every seat's box, the deck and the pile with the active colour, the scores,
 * your hand (in rows, never overlapping) and one control for each choice the rules give you now:
 * Paint Shop colour, Garage Cars, Fine target, Car Exchange mode, the New Car race, blocking a
 * swap, countering or accepting a penalty, drawing, and the talking rule's line. Cards are keyed by
 * id, so a played card slides from the hand to the pile and a drawn one from the deck to the hand.
 * Only what the seat view says is playable (the engine's legality.ts) is lit and tappable.
 */
import type Phaser from 'phaser';
import type { GameRenderer, RenderContext } from '../renderer.js';
import type { CarExchangeAction } from '../../../shared/games/car_exchange/actions.js';
import type { CarExchangePublicView, CarExchangeSeatView } from '../../../shared/games/car_exchange/views.js';
import { COLOURS, cardOf, type Card, type Colour } from '../../../shared/games/car_exchange/cards.js';
import { FILL, LETTER, LETTER_OF, countdown, drawBack, drawCard, type CardSize } from './cardFace.js';
import { UNDER, drawPlayers, drawScores, drawTableInfo, nameOf, runTicks, type Tick } from './panels.js';
import type { Spot, Stage } from '../stage.js';
import { GatedTable } from '../gatedTable.js';
import { TAP, fitText, setTap, type ButtonOpts, type MoveGate } from '../controls.js';
import { keyHinted } from '../../ui/keyHints.js';
import { t } from '../../i18n/index.js';

const NS = 'table_car_exchange:';
type Mode = { kind: 'paint'; card: number } | { kind: 'fine'; card: number } | { kind: 'exchange'; card: number } | { kind: 'garage'; card: number | undefined; cars: number[] };
interface Option { label: string; keys: string[]; run: () => void; enabled?: boolean; bg?: string; id: string }
interface Views { pub: CarExchangePublicView; mine: CarExchangeSeatView | null }

const PHRASES = 5;
const HEX = (n: number) => `#${n.toString(16).padStart(6, '0')}`;
const phrase = (i: number): string => t(`${NS}phrase.${i % PHRASES}`);

export class CarExchangeRenderer implements GameRenderer<CarExchangePublicView, CarExchangeSeatView, CarExchangeAction> {
  get keysHelp(): string { return t(`${NS}keys`); }
  private cursor = 0;
  private mode: Mode | null = null;
  private chat = 0;
  private table = new GatedTable<CarExchangeAction>();
  private last: Views | null = null;
  private ticks: Tick[] = [];
  private timer: Phaser.Time.TimerEvent | null = null;
  private pilePos: Spot = { x: 0, y: 0 };
  private deckPos: Spot = { x: 0, y: 0 };
  private get ctx(): RenderContext<CarExchangeAction> | null { return this.table.ctx; }
  private get gate(): MoveGate { return this.table.gate; }
  private get pieces(): Stage | null { return this.table.pieces; }

  render(frame: RenderContext<CarExchangeAction>, pub: CarExchangePublicView, mine: CarExchangeSeatView | null): void {
    const { ctx, fresh } = this.table.open(frame, () => this.draw(), pub, mine);
    // Texts, buttons and boxes are kept by key, drawn in the order this render names them.
    this.pieces!.ordered = true;
    this.last = { pub, mine };
    if (fresh) this.timer = ctx.scene.time.addEvent({ delay: 100, loop: true, callback: () => runTicks(this.ticks, ctx.serverNow()) });
    this.draw();
  }

  destroy(): void {
    this.timer?.remove();
    this.timer = null;
    this.table.destroy();
  }

  onKey(frame: RenderContext<CarExchangeAction>, key: string): void {
    const ctx = this.ctx ?? frame;
    if (!this.last?.mine || !this.gate.open) return;
    const { pub, mine } = this.last;
    const k = key.length === 1 ? key.toLowerCase() : key;
    const option = this.options(ctx, pub, mine)?.find((o) => o.keys.includes(k) && o.enabled !== false);
    if (option) return option.run();
    const n = mine.hand.length;
    if ((k === 'ArrowLeft' || k === 'ArrowRight') && n > 0) {
      this.cursor = (this.cursor + (k === 'ArrowLeft' ? n - 1 : 1)) % n;
      return this.later();
    }
    if ((k === 'Enter' || k === ' ') && n > 0) {
      const id = mine.hand[Math.min(this.cursor, n - 1)].id;
      if (this.cardLive(pub, mine, id)) this.onCard(ctx, pub, mine, id);
      return;
    }
    if (k === 'd' && this.canDraw(pub, mine)) this.act({ type: 'draw' });
    else if (k === 'a' && this.canAccept(pub, mine)) this.act({ type: 'accept' });
    else if (k === 'k' && mine.drawn && pub.turn === mine.seat) this.act({ type: 'pass' });
    else if (k === 'n') this.race(ctx, pub, mine);
    else if (k === 'b') this.block(ctx, pub, mine);
    else if (k === 't' && pub.talking) this.act({ type: 'say', text: phrase(this.chat++) });
  }

  private act(action: CarExchangeAction): void {
    this.ctx?.act(action);
  }

  private later(): void {
    this.ctx?.scene.time.delayedCall(0, () => this.draw());
  }

  private checkMode(view: CarExchangePublicView, mine: CarExchangeSeatView | null): void {
    const m = this.mode;
    if (!m || !mine) return void (this.mode = null);
    if (m.kind === 'garage') {
      m.cars = m.cars.filter((id) => mine.hand.some((c) => c.id === id));
      const ok = m.card === undefined ? view.pending?.kind === 'garage' && view.turn === mine.seat : mine.playable.includes(m.card);
      if (!ok) this.mode = null;
    } else if (!mine.playable.includes(m.card)) this.mode = null;
  }

  private me(view: CarExchangePublicView, mine: CarExchangeSeatView | null) {
    return mine ? view.players[mine.seat] : undefined;
  }

  /** legality.ts turnRefusal, as far as the views tell it. */
  private myMove(v: CarExchangePublicView, mine: CarExchangeSeatView | null): boolean {
    if (!mine || !this.gate.open || v.phase !== 'playing' || v.turn !== mine.seat || v.exchange) return false;
    if (v.newCarWindow && v.newCarWindow.closesAt !== null) return false;
    return v.pending?.kind !== 'dealerColour';
  }

  /** rules.ts draw: with an opening Garage pending, only a hand without a Car may draw. */
  private canDraw(v: CarExchangePublicView, mine: CarExchangeSeatView | null): boolean {
    if (!this.myMove(v, mine)) return false;
    if (v.pending === null) return true;
    return v.pending.kind === 'garage' && !mine!.hand.some((c) => c.kind === 'car');
  }

  /** Does the windows row (drawWindows) have anything to show? */
  private windowsShown(v: CarExchangePublicView, mine: CarExchangeSeatView): boolean {
    const p = v.pending;
    const buttons = v.phase === 'playing' && (this.canDraw(v, mine) || (this.myMove(v, mine) && (p?.kind === 'service' || p?.kind === 'fine'))
      || (!!mine.drawn && v.turn === mine.seat && !this.mode));
    return buttons || !!v.exchange || !!v.newCarWindow;
  }

  private canAccept(v: CarExchangePublicView, mine: CarExchangeSeatView | null): boolean {
    return this.myMove(v, mine) && (v.pending?.kind === 'service' || v.pending?.kind === 'fine');
  }

  private canRace(v: CarExchangePublicView, mine: CarExchangeSeatView): Card | undefined {
    const w = v.newCarWindow;
    if (!w || !this.gate.open || v.phase !== 'playing' || w.seat === mine.seat || this.me(v, mine)?.out) return undefined;
    return mine.hand.find((c) => c.kind === 'newCar');
  }

  private canBlock(v: CarExchangePublicView, mine: CarExchangeSeatView): Card | undefined {
    return this.gate.open && v.exchange?.target === mine.seat ? mine.hand.find((c) => c.kind === 'exchange') : undefined;
  }

  /** Is tapping this hand card a move the server takes now (or a step of the Garage pick)? */
  private cardLive(v: CarExchangePublicView, mine: CarExchangeSeatView, id: number): boolean {
    const m = this.mode;
    const card = cardOf(id);
    if (m?.kind === 'garage') {
      if (id === m.card || !this.gate.open) return false;
      const colour = m.cars.length ? cardOf(m.cars[0]).colour : null;
      return card.kind === 'car' && (colour === null || card.colour === colour);
    }
    if (m || !this.gate.open) return false;
    return mine.playable.includes(id) || this.canRace(v, mine)?.id === id || this.canBlock(v, mine)?.id === id;
  }

  private race(ctx: RenderContext<CarExchangeAction>, v: CarExchangePublicView, mine: CarExchangeSeatView): void {
    const card = this.canRace(v, mine);
    if (card && v.newCarWindow) this.play(ctx, card.id, { type: 'newCar', card: card.id, back: v.newCarWindow.seat });
  }

  private block(ctx: RenderContext<CarExchangeAction>, v: CarExchangePublicView, mine: CarExchangeSeatView): void {
    const card = this.canBlock(v, mine);
    if (card) this.play(ctx, card.id, { type: 'block', card: card.id });
  }

  /** Send a card play and show it flying to the pile at once; a refusal slides it back. */
  private play(ctx: RenderContext<CarExchangeAction>, id: number, action: CarExchangeAction): void {
    this.mode = null;
    ctx.act(action, () => {
      const sprite = this.pieces?.get(id);
      if (!sprite?.active) return () => undefined;
      const home = { x: sprite.x, y: sprite.y };
      ctx.scene.tweens.add({ targets: sprite, x: this.pilePos.x, y: this.pilePos.y, duration: 180 });
      return () => { if (sprite.active) ctx.scene.tweens.add({ targets: sprite, x: home.x, y: home.y, duration: 300, ease: 'Back.easeOut' }); };
    });
  }

  private onCard(ctx: RenderContext<CarExchangeAction>, v: CarExchangePublicView, mine: CarExchangeSeatView, id: number): void {
    const card = cardOf(id);
    const m = this.mode;
    if (m?.kind === 'garage') {
      m.cars = m.cars.includes(id) ? m.cars.filter((c) => c !== id) : [...m.cars, id];
      return this.later();
    }
    if (card.kind === 'newCar' && this.canRace(v, mine)) return this.race(ctx, v, mine);
    if (card.kind === 'exchange' && this.canBlock(v, mine)) return this.block(ctx, v, mine);
    if (!mine.playable.includes(id)) return;
    if (card.kind === 'car' && v.pending?.kind === 'garage') this.mode = { kind: 'garage', card: undefined, cars: [id] };
    else if (card.kind === 'car' || card.kind === 'service') return this.play(ctx, id, { type: 'play', card: id });
    else if (card.kind === 'newCar') return this.play(ctx, id, { type: 'newCar', card: id });
    else if (card.kind === 'garage') this.mode = { kind: 'garage', card: id, cars: [] };
    else this.mode = { kind: card.kind, card: id };
    this.later();
  }

  /** The open choice: a picker for the selected card, or the dealer's opening colour. */
  private options(ctx: RenderContext<CarExchangeAction>, v: CarExchangePublicView, mine: CarExchangeSeatView): Option[] | null {
    const m = this.mode;
    const cancel: Option = { id: 'cancel', label: t(`${NS}cancel`), keys: ['Escape'], run: () => { this.mode = null; this.later(); } };
    const colours = (act: (c: Colour) => void): Option[] => COLOURS.map((c, i) => ({
      id: `option-${c}`, label: `${i + 1} · ${LETTER_OF(c)} ${t(`${NS}colour.name.${c}`)}`, keys: [String(i + 1), LETTER[c].toLowerCase()], run: () => act(c), bg: HEX(FILL[c]),
    }));
    if (!m) {
      if (v.phase === 'playing' && v.pending?.kind === 'dealerColour' && v.pending.dealer === mine.seat) return colours((colour) => ctx.act({ type: 'colour', colour }));
      return null;
    }
    const rivals = v.players.filter((p) => p.seat !== mine.seat && !p.out);
    if (m.kind === 'paint') return [...colours((colour) => this.play(ctx, m.card, { type: 'paint', card: m.card, colour })), cancel];
    if (m.kind === 'fine') {
      return [...rivals.map((p, i) => ({ id: `option-fine-${p.seat}`, label: `${i + 1} · ${nameOf(ctx, p.seat)} (${t(`${NS}cards`, { count: p.cards })})`, keys: [String(i + 1)], run: () => this.play(ctx, m.card, { type: 'fine', card: m.card, target: p.seat }) })), cancel];
    }
    if (m.kind === 'exchange') {
      const swaps = rivals.map((p, i) => ({
        id: `option-swap-${p.seat}`, label: `${i + 1} · ⇄ ${nameOf(ctx, p.seat)} (${p.cards})`, keys: [String(i + 1)], enabled: mine.hand.length >= 2,
        run: () => this.play(ctx, m.card, { type: 'exchange', card: m.card, mode: 'swap', target: p.seat }),
      }));
      const b = swaps.length + 1;
      return [...swaps,
        { id: 'option-bottom', label: `${b} · ${t(`${NS}exchangeBottom`)}`, keys: [String(b)], run: () => this.play(ctx, m.card, { type: 'exchange', card: m.card, mode: 'bottom' }) },
        { id: 'option-fly', label: `${b + 1} · ${t(`${NS}exchangeFly`)}`, keys: [String(b + 1)], run: () => this.play(ctx, m.card, { type: 'exchange', card: m.card, mode: 'fly' }) },
        cancel];
    }
    const g = m;
    const park = () => this.play(ctx, g.card ?? g.cars[g.cars.length - 1], { type: 'garage', ...(g.card === undefined ? {} : { card: g.card }), cars: g.cars });
    return [{ id: 'option-park', label: t(`${NS}park`, { count: g.cars.length }), keys: ['g'], enabled: g.cars.length > 0, run: park }, cancel];
  }

  private draw(): void {
    const ctx = this.ctx, last = this.last;
    if (!ctx || !last || !this.pieces) return;
    const { pub: view, mine } = last;
    const { scene, width, height } = ctx;
    const pieces = this.pieces;
    this.table.clear();
    this.ticks = [];
    this.checkMode(view, mine);

    const top = drawPlayers(ctx, pieces, view, this.ticks, height < 520) + 4;

    // bottom-up: hand rows, the choice row, the windows row (and the talking row)
    const hand = mine?.hand ?? [];
    const opts = mine ? this.options(ctx, view, mine) : null;
    const windows = mine ? this.windowsShown(view, mine) : false;
    const rowsBelow = mine ? (windows ? TAP + 8 : 0) + (opts ? TAP + 8 : 0) + (view.talking ? TAP + 8 : 0) : 0;
    let cw = Math.max(46, Math.min(84, (width + 6) / Math.max(4, Math.ceil(hand.length / 2)) - 6));
    let per = 1, rows = 1, ch = 0;
    for (; ; cw -= 2) {
      ch = cw * 1.42;
      per = Math.max(1, Math.floor((width + 6) / (cw + 6)));
      rows = Math.max(1, Math.ceil(hand.length / per));
      const middle = height - top - rowsBelow - rows * (ch + 6);
      if (middle >= Math.min(150, ch + 30) || cw <= 46) break;
    }
    const size: CardSize = { w: cw, h: ch };
    const handTop = height - (mine ? rows * (ch + 6) : 0);
    let y = handTop - rowsBelow;
    const windowsY = y;
    y += windows ? TAP + 8 : 0;
    const choicesY = y;
    y += opts ? TAP + 8 : 0;
    const chatY = y;

    // middle: deck, pile, table info and scores, as large as the room left allows
    const midH = windowsY - top - 4;
    const ph = Math.max(48, Math.min(150, midH - 8));
    const pile: CardSize = { w: ph * 0.68, h: ph };
    const my = top + 2;
    this.deckPos = { x: pile.w / 2, y: my + ph / 2 };
    this.pilePos = { x: pile.w * 1.5 + 14, y: my + ph / 2 };
    const deckWords = t(`${NS}deck`, { count: view.deck });
    // The windows row below always carries Draw when drawing is allowed: the deck is only outlined
    // then, so "Draw" is on screen once (it was twice, on the deck and in the row).
    const lit = this.canDraw(view, mine);
    pieces.shape('deck', `${my}|${pile.w}|${pile.h}|${deckWords}|${lit}`, (sc) => {
      const deck = drawBack(sc, 0, my, pile, deckWords);
      if (lit) (deck.list[0] as Phaser.GameObjects.Rectangle).setStrokeStyle(4, 0xfff07a);
      return deck;
    });
    const { x: px, y: py } = this.pilePos;
    if (view.discard > 1) pieces.shape('pile-under', `${px}|${py}|${pile.w}|${pile.h}`, (sc) => sc.add.rectangle(px + 4, py + 4, pile.w, pile.h, 0x1a1f2b).setStrokeStyle(1, 0x4a5674));
    if (!view.top) pieces.shape('pile-empty', `${px}|${py}|${pile.w}|${pile.h}`, (sc) => sc.add.rectangle(px, py, pile.w, pile.h).setStrokeStyle(1, 0x4a5674));
    const infoX = pile.w * 2 + 30;
    const infoW = Math.min(260, width - infoX);
    const infoH = drawTableInfo(ctx, pieces, view, infoX, my, infoW, windowsY - my - 2);
    const scoresX = infoX + infoW + 16;
    if (width - scoresX >= 200) drawScores(ctx, pieces, view, scoresX, my, width - scoresX, this.ticks);
    else if (midH - infoH > 90 && width - infoX >= 200) drawScores(ctx, pieces, view, infoX, my + infoH + 4, width - infoX, this.ticks);
    else if (midH - ph > 36 + 16 * view.players.length) drawScores(ctx, pieces, view, 0, my + ph + 12, width, this.ticks);

    // The pile's top card, keyed like the hand card it was, so my play slides there; a rival's card
    // fades in on the pile (a flight from their box would cross every text in between).
    if (view.top) {
      pieces.piece(view.top.id, `${view.top.id}#pile`, pile.w, pile.h, (c) => c.add(drawCard(scene, -pile.w / 2, -pile.h / 2, pile, view.top!)), this.pilePos);
      setTap(pieces.get(view.top.id)!, 'pile', null);
    }

    if (mine) {
      if (windows) this.drawWindows(ctx, view, mine, windowsY);
      if (opts) this.drawChoices(ctx, opts, choicesY);
      if (view.talking) this.drawChat(ctx, view, mine, chatY);
      this.drawHand(ctx, view, mine, handTop, size, per);
    }
    pieces.end(() => null);
    runTicks(this.ticks, ctx.serverNow());
    ctx.hint(this.hintFor(ctx, view, mine));
  }

  private drawHand(ctx: RenderContext<CarExchangeAction>, v: CarExchangePublicView, mine: CarExchangeSeatView, y: number, size: CardSize, per: number): void {
    const { scene } = ctx;
    const n = mine.hand.length;
    if (n === 0) return void this.pieces!.label('no-cards', 0, y + 10, this.me(v, mine)?.out ? t(`${NS}youAreOut`) : t(`${NS}noCards`), { ...UNDER, size: 16 });
    this.cursor = Math.min(this.cursor, n - 1);
    const garage = this.mode?.kind === 'garage' ? this.mode : null;
    const anyLive = mine.hand.some((c) => this.cardLive(v, mine, c.id));
    mine.hand.forEach((card, i) => {
      const live = this.cardLive(v, mine, card.id);
      let badge: string | undefined = mine.drawn?.id === card.id ? t(`${NS}drawnBadge`) : undefined;
      if (garage) {
        const order = garage.cars.indexOf(card.id);
        if (order >= 0) badge = `#${order + 1}`;
        if (card.id === garage.card) badge = '✓';
      }
      const at: Spot = { x: (i % per) * (size.w + 6) + size.w / 2, y: y + Math.floor(i / per) * (size.h + 6) + size.h / 2 - (live ? 4 : 0) };
      const look = `${live && anyLive}|${anyLive && !live}|${i === this.cursor}|${badge ?? ''}`;
      const piece = this.pieces!.piece(card.id, `${card.id}#${look}|${size.w.toFixed(0)}`, size.w, size.h,
        (c) => c.add(drawCard(scene, -size.w / 2, -size.h / 2, size, card, { lit: live && anyLive, dim: anyLive && !live, cursor: i === this.cursor, badge })),
        at, this.deckPos);
      setTap(piece, `card-${card.id}`, live ? () => { this.cursor = i; this.onCard(ctx, v, mine, card.id); } : null);
    });
  }

  /**
   * A button of the choice, windows or talking rows, under the pieces as when the rows were drawn
   * afresh. The key carries the table's width: a resize starts the row's shrinking from the top.
   */
  private button(key: string, label: string, id: string, run: () => void, opts: ButtonOpts): Phaser.GameObjects.Text {
    return this.pieces!.button(`${key}@${this.ctx!.width}`, label, id, run, opts, 'under');
  }

  private drawChoices(ctx: RenderContext<CarExchangeAction>, opts: Option[], y: number): void {
    const stage = this.pieces!;
    const kind = this.mode?.kind;
    const words = kind ? t(`${NS}choose.${kind}`) : t(`${NS}choose.dealer`);
    const enabled = (o: Option) => o.enabled !== false && (this.gate.open || o.id === 'cancel');
    // The row is shrunk to fit as a whole when it is made: its keys name the whole row, so a kept
    // row fits again as it is and any change makes it afresh.
    const row = `${words}|${opts.map((o) => `${o.id}:${o.label}:${enabled(o)}`).join('|')}`;
    const title = stage.label(`choice-title@${ctx.width}|${row}`, 0, y + 12, words, { ...UNDER, size: 14, colour: '#f2c14e', maxWidth: Math.min(ctx.width * 0.35, 200) });
    let x = title.width + 8;
    const buttons = opts.map((o) => this.button(`choice-${o.id}|${row}`, o.label, o.id, o.run, { enabled: enabled(o), colour: o.bg, fontSize: 14 }));
    // Too wide for one row: shrink the labels until they fit (never off the screen).
    const total = () => buttons.reduce((s, b) => s + b.width + 6, 0);
    for (let f = 13; f >= 10 && x + total() > ctx.width; f--) {
      for (const b of buttons) {
        b.setFontSize(f).setPadding(6, b.padding.top, 6, b.padding.bottom);
        // a smaller font must not make a shorter button: pad it back to a finger's height
        const pad = Math.ceil((TAP - (b.height - (b.padding.top ?? 0) - (b.padding.bottom ?? 0))) / 2);
        if (b.height < TAP) b.setPadding(6, pad, 6, pad);
      }
    }
    // Still too wide (four colours in French on a phone): the title gives way to the buttons (the
    // hint line below says what to choose), shortened, or hidden when even a word does not fit.
    title.setVisible(true);
    if (x + total() > ctx.width) {
      fitText(title, ctx.width - total() - 8);
      x = title.width + 8;
      if (x + total() > ctx.width || title.text.length < 4) {
        title.setVisible(false);
        x = 0;
      }
    } else if (title.text.length < 4 && title.text.endsWith('…')) {
      // cut to nothing by an earlier, narrower row and kept: still gone
      title.setVisible(false);
      x = 0;
    }
    for (const b of buttons) { b.setPosition(x, y); x += b.width + 6; }
  }

  private drawWindows(ctx: RenderContext<CarExchangeAction>, v: CarExchangePublicView, mine: CarExchangeSeatView, y: number): void {
    const stage = this.pieces!;
    let x = 0;
    const add = (label: string, id: string, run: () => void, opts: { enabled?: boolean; colour?: string }, at?: number | null, fmt?: (l: string) => string) => {
      const key = `window-${id}`;
      const b = this.button(key, label, id, run, { ...opts, fontSize: 14 });
      // A countdown's words are its tick's: the row is laid out by the bare label, as when made.
      if (at && fmt) {
        b.setText(keyHinted(label));
        this.ticks.push({ text: b, at, fmt });
      }
      if (x + b.width > ctx.width && x > 0) return stage.drop(`${key}@${ctx.width}`);
      b.setPosition(x, y);
      x += b.width + 8;
    };
    if (v.phase === 'playing') {
      const p = v.pending;
      const myMove = this.myMove(v, mine);
      if (this.canDraw(v, mine)) add(t(`${NS}draw`), 'draw', () => this.act({ type: 'draw' }), { colour: mine.playable.length === 0 ? '#ffd23f' : '#c9d2e3' });
      if (myMove && p?.kind === 'service') add(t(`${NS}skipTurn`), 'accept', () => this.act({ type: 'accept' }), {});
      if (myMove && p?.kind === 'fine') add(t(`${NS}takeCards`, { count: p.cards }), 'accept', () => this.act({ type: 'accept' }), {});
      if (mine.drawn && v.turn === mine.seat && !this.mode) add(t(`${NS}keepDrawn`), 'keep', () => this.act({ type: 'pass' }), {});
    }
    const w = v.newCarWindow;
    if (w && this.canRace(v, mine)) {
      const label = t(`${NS}newCarRace`, { name: nameOf(ctx, w.seat) });
      add(label, 'newcar', () => this.race(ctx, v, mine), { colour: '#ff7a45' }, w.closesAt, (l) => `${label} · ${l}`);
    }
    const ex = v.exchange;
    if (ex && this.canBlock(v, mine)) add(t(`${NS}block`), 'block', () => this.block(ctx, v, mine), { colour: '#ff7a45' }, ex.closesAt, (l) => `${t(`${NS}block`)} · ${l}`);
    const note = ex ? { at: ex.closesAt, fmt: (l: string) => t(`${NS}swapNote`, { by: nameOf(ctx, ex.by), target: nameOf(ctx, ex.target), left: l }) }
      : w ? { at: w.closesAt, fmt: (l: string) => (w.closesAt === null ? t(`${NS}newCarOpen`, { name: nameOf(ctx, w.seat) }) : t(`${NS}newCarNote`, { name: nameOf(ctx, w.seat), left: l })) } : null;
    if (note) {
      const room = ctx.width - x;
      const tx = stage.label('window-note', x, y + 12, note.at ? '' : note.fmt(countdown(0)), { ...UNDER, size: 13, colour: '#ffb36b', maxWidth: note.at ? 0 : room });
      if (note.at) this.ticks.push({ text: tx, at: note.at, fmt: (l) => fitText(tx.setFontSize(13).setText(note.fmt(l)), room).text });
    }
  }

  private drawChat(ctx: RenderContext<CarExchangeAction>, v: CarExchangePublicView, mine: CarExchangeSeatView, y: number): void {
    const stage = this.pieces!;
    const due = v.talk.find((tk) => tk.seat === mine.seat);
    const label = stage.label('talk', 0, y + 12, due ? '' : mine.spokeThisTurn ? t(`${NS}talkDone`) : t(`${NS}talk`), { ...UNDER, size: 13, colour: due ? '#ffb3b3' : '#cfd6e6' });
    if (due) this.ticks.push({ text: label, at: due.deadline, fmt: (l) => t(`${NS}talkNow`, { left: l }) });
    let x = 150;
    for (let i = 0; i < PHRASES; i++) {
      const b = this.button(`say-${i}`, phrase(i), `say-${i}`, () => this.act({ type: 'say', text: phrase(i) }), { colour: due ? '#ffd23f' : '#c9d2e3', fontSize: 13 });
      if (x + b.width > ctx.width) { stage.drop(`say-${i}@${ctx.width}`); break; }
      b.setPosition(x, y);
      x += b.width + 6;
    }
  }

  private hintFor(ctx: RenderContext<CarExchangeAction>, v: CarExchangePublicView, mine: CarExchangeSeatView | null): string {
    const h = (k: string, o?: Record<string, unknown>) => t(`${NS}hint.${k}`, o);
    if (v.phase === 'over') return h('over');
    if (v.phase === 'roundOver') return h('roundOver');
    if (!mine) return h('watching');
    const m = this.mode;
    if (m) return h(m.kind);
    const p = v.pending;
    if (p?.kind === 'dealerColour' && p.dealer === mine.seat) return h('dealer');
    if (this.canRace(v, mine)) return h('race', { name: nameOf(ctx, v.newCarWindow!.seat) });
    if (this.canBlock(v, mine)) return h('block');
    if (v.talk.some((tk) => tk.seat === mine.seat)) return h('talk');
    if (v.exchange || (v.newCarWindow && v.newCarWindow.closesAt !== null)) return h('wait');
    if (v.turn !== mine.seat) return h('other', { name: nameOf(ctx, v.turn) });
    if (p?.kind === 'service') return h('service');
    if (p?.kind === 'fine') return h('fine', { count: p.cards });
    if (p?.kind === 'garage') return h('openingGarage');
    if (mine.drawn) return h('drawn');
    return mine.playable.length ? h('play') : h('draw');
  }
}
