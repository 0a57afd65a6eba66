/**
 * Car Exchange table: every seat's card count and score, the pile with the active colour, your
 * fanned hand (playable cards raised and outlined), and one control for each choice the rules
 * give you: Paint Shop colour, Garage Cars, Fine target, Car Exchange mode, the New Car race,
 * blocking a swap, countering or accepting a penalty, drawing, and the talking rule's line.
 */
import type Phaser from 'phaser';
import type { GameRenderer, RenderContext } from '../renderer.js';
import type { CarExchangePublicView, CarExchangeSeatView } from '../../../shared/games/car_exchange/views.js';
import { COLOURS, cardOf, describeCard, type Card, type Colour } from '../../../shared/games/car_exchange/cards.js';
import { FILL, LETTER, button, clickable, countdown, drawCard, type CardSize } from './cardFace.js';
import { drawPile, drawPlayers, drawScores, nameOf, runTicks, type Tick } from './panels.js';

type Mode = { kind: 'paint'; card: number } | { kind: 'fine'; card: number } | { kind: 'exchange'; card: number } | { kind: 'garage'; card: number | undefined; cars: number[] };
interface Option { label: string; keys: string[]; run: () => void; enabled?: boolean; bg?: string }
interface Views { pub: CarExchangePublicView; mine: CarExchangeSeatView | null }

const PHRASES = ['Beep beep!', 'Off to the service station!', 'Fresh paint, anyone?', 'That will cost you!', 'New car smell!'];
const HEX = (n: number) => `#${n.toString(16).padStart(6, '0')}`;

export class CarExchangeRenderer implements GameRenderer {
  readonly keysHelp = '←/→ card · Enter/Space play (toggle in Garage) · 1–9 pick option · R/G/B/Y colour · G park · Esc cancel · D draw · A accept penalty · K keep drawn · N New Car · B block swap · T talk';
  private cursor = 0;
  private mode: Mode | null = null;
  private chat = 0;
  private last: Views | null = null;
  private ticks: Tick[] = [];
  private timer: Phaser.Time.TimerEvent | null = null;
  private hand = new Map<number, Phaser.GameObjects.Container>();
  private pilePos = { x: 0, y: 0 };

  render(ctx: RenderContext, pub: unknown, seat: unknown): void {
    const view = pub as CarExchangePublicView;
    const mine = seat as CarExchangeSeatView | null;
    this.last = { pub: view, mine };
    this.ticks = [];
    this.hand.clear();
    this.timer ??= ctx.scene.time.addEvent({ delay: 100, loop: true, callback: () => runTicks(this.ticks, ctx.serverNow()) });
    this.checkMode(view, mine);
    const { scene, layer, width, height } = ctx;
    const top = drawPlayers(ctx, view, this.ticks) + 12;
    const cardH = Math.max(70, Math.min(120, height * 0.2));
    const size: CardSize = { w: cardH * 0.68, h: cardH };
    const handY = height - cardH - 4;
    const choiceY = handY - 56;
    const controlsY = choiceY - 40;
    const chatY = controlsY - 38;
    const tableH = Math.max(50, Math.min(cardH, chatY - top - 30));
    const pileSize = { w: tableH * 0.68, h: tableH };
    const pile = drawPile(ctx, view, 0, top, pileSize, this.canDraw(ctx, view, mine) ? () => this.draw(ctx) : null);
    this.pilePos = { x: pile.x + pileSize.w / 2, y: pile.y + pileSize.h / 2 };
    drawScores(ctx, view, Math.max(width - 280, 470), top, this.ticks);
    this.drawWindows(ctx, view, mine, 0, controlsY);
    if (mine) {
      if (view.talking) this.drawChat(ctx, view, mine, chatY);
      this.drawHand(ctx, view, mine, handY, size);
      this.drawChoices(ctx, view, mine, choiceY);
    }
    runTicks(this.ticks, ctx.serverNow());
    ctx.hint(this.hintFor(ctx, view, mine));
  }

  destroy(): void {
    this.timer?.remove();
    this.timer = null;
  }

  onKey(ctx: RenderContext, key: string): void {
    if (!this.last?.mine) return;
    const { pub, mine } = this.last;
    const k = key.length === 1 ? key.toLowerCase() : key;
    const option = this.options(ctx, pub, mine)?.find((o) => o.keys.includes(k) && o.enabled !== false);
    if (option) return option.run();
    const n = mine.hand.length;
    if ((k === 'ArrowLeft' || k === 'ArrowRight') && n > 0) {
      this.cursor = (this.cursor + (k === 'ArrowLeft' ? n - 1 : 1)) % n;
      ctx.hint(`Card ${this.cursor + 1} of ${n}: ${describe(mine.hand[this.cursor])}`);
      return this.redraw(ctx);
    }
    if ((k === 'Enter' || k === ' ') && n > 0) return this.onCard(ctx, pub, mine, mine.hand[Math.min(this.cursor, n - 1)].id);
    if (k === 'd') this.draw(ctx);
    else if (k === 'a') ctx.act({ type: 'accept' });
    else if (k === 'k') ctx.act({ type: 'pass' });
    else if (k === 'n') this.race(ctx, pub, mine);
    else if (k === 'b') this.block(ctx, pub, mine);
    else if (k === 't') this.say(ctx, PHRASES[this.chat++ % PHRASES.length]);
  }

  private redraw(ctx: RenderContext): void {
    if (!this.last) return;
    ctx.layer.removeAll(true);
    this.render(ctx, this.last.pub, this.last.mine);
  }

  /** Redraw after the click handler returns (its object is destroyed by the redraw). */
  private later(ctx: RenderContext): void {
    ctx.scene.time.delayedCall(0, () => this.redraw(ctx));
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

  private canDraw(ctx: RenderContext, v: CarExchangePublicView, mine: CarExchangeSeatView | null): boolean {
    if (!mine || v.phase !== 'playing' || v.turn !== mine.seat || v.exchange) return false;
    if (v.newCarWindow && v.newCarWindow.closesAt !== null) return false;
    return v.pending === null || v.pending.kind === 'garage';
  }

  private canRace(v: CarExchangePublicView, mine: CarExchangeSeatView): Card | undefined {
    const w = v.newCarWindow;
    if (!w || w.seat === mine.seat || this.me(v, mine)?.out) return undefined;
    return mine.hand.find((c) => c.kind === 'newCar');
  }

  private canBlock(v: CarExchangePublicView, mine: CarExchangeSeatView): Card | undefined {
    return v.exchange?.target === mine.seat ? mine.hand.find((c) => c.kind === 'exchange') : undefined;
  }

  private draw(ctx: RenderContext): void {
    ctx.act({ type: 'draw' });
  }

  private race(ctx: RenderContext, v: CarExchangePublicView, mine: CarExchangeSeatView): void {
    const card = this.canRace(v, mine);
    if (card && v.newCarWindow) this.play(ctx, card.id, { type: 'newCar', card: card.id, back: v.newCarWindow.seat });
  }

  private block(ctx: RenderContext, v: CarExchangePublicView, mine: CarExchangeSeatView): void {
    const card = this.canBlock(v, mine);
    if (card) this.play(ctx, card.id, { type: 'block', card: card.id });
  }

  private say(ctx: RenderContext, text: string): void {
    ctx.act({ type: 'say', text });
  }

  /** Send a card play and show it flying to the pile at once; a refusal slides it back. */
  private play(ctx: RenderContext, id: number, action: object): void {
    this.mode = null;
    ctx.act(action, () => {
      const sprite = this.hand.get(id);
      if (!sprite) return () => undefined;
      const home = { x: sprite.x, y: sprite.y, angle: sprite.angle };
      ctx.scene.tweens.add({ targets: sprite, x: this.pilePos.x, y: this.pilePos.y, angle: 0, duration: 160 });
      return () => {
        const current = this.hand.get(id) ?? sprite;
        if (!current.active) return;
        current.setPosition(this.pilePos.x, this.pilePos.y);
        ctx.scene.tweens.add({ targets: current, x: home.x, y: home.y, angle: home.angle, duration: 350, ease: 'Back.easeOut' });
      };
    });
  }

  private onCard(ctx: RenderContext, v: CarExchangePublicView, mine: CarExchangeSeatView, id: number): void {
    const card = cardOf(id);
    const m = this.mode;
    if (m?.kind === 'garage') {
      if (card.kind !== 'car') return ctx.hint('Only Cars go into the Garage.');
      const colour = m.cars.length ? cardOf(m.cars[0]).colour : card.colour;
      if (card.colour !== colour) return ctx.hint(`All Cars in the Garage must be ${colour}.`);
      m.cars = m.cars.includes(id) ? m.cars.filter((c) => c !== id) : [...m.cars, id];
      return this.later(ctx);
    }
    if (card.kind === 'newCar' && this.canRace(v, mine)) return this.race(ctx, v, mine);
    if (card.kind === 'exchange' && this.canBlock(v, mine)) return this.block(ctx, v, mine);
    if (!mine.playable.includes(id)) return ctx.hint(`The ${describe(card)} cannot be played now.`);
    if (card.kind === 'car' && v.pending?.kind === 'garage') this.mode = { kind: 'garage', card: undefined, cars: [id] };
    else if (card.kind === 'car' || card.kind === 'service') return this.play(ctx, id, { type: 'play', card: id });
    else if (card.kind === 'newCar') return this.play(ctx, id, { type: 'newCar', card: id });
    else if (card.kind === 'garage') this.mode = { kind: 'garage', card: id, cars: [] };
    else this.mode = { kind: card.kind, card: id };
    this.later(ctx);
  }

  /** The open choice: a picker for the selected card, or the dealer's opening colour. */
  private options(ctx: RenderContext, v: CarExchangePublicView, mine: CarExchangeSeatView): Option[] | null {
    const m = this.mode;
    const cancel: Option = { label: 'Cancel (Esc)', keys: ['Escape'], run: () => { this.mode = null; this.later(ctx); } };
    const colours = (act: (c: Colour) => void): Option[] => COLOURS.map((c, i) => ({
      label: `${i + 1} · ${LETTER[c]} ${c}`, keys: [String(i + 1), LETTER[c].toLowerCase()], run: () => act(c), bg: HEX(FILL[c]),
    }));
    if (!m) {
      if (v.pending?.kind === 'dealerColour' && v.pending.dealer === mine.seat) return colours((colour) => ctx.act({ type: 'colour', colour }));
      return null;
    }
    const rivals = v.players.filter((p) => p.seat !== mine.seat && !p.out);
    if (m.kind === 'paint') return [...colours((colour) => this.play(ctx, m.card, { type: 'paint', card: m.card, colour })), cancel];
    if (m.kind === 'fine') {
      return [...rivals.map((p, i) => ({ label: `${i + 1} · ${nameOf(ctx, p.seat)} (${p.cards} cards)`, keys: [String(i + 1)], run: () => this.play(ctx, m.card, { type: 'fine', card: m.card, target: p.seat }) })), cancel];
    }
    if (m.kind === 'exchange') {
      const swaps = rivals.map((p, i) => ({
        label: `${i + 1} · ⇄ ${nameOf(ctx, p.seat)} (${p.cards})`, keys: [String(i + 1)], enabled: mine.hand.length >= 2,
        run: () => this.play(ctx, m.card, { type: 'exchange', card: m.card, mode: 'swap', target: p.seat }),
      }));
      const b = swaps.length + 1;
      return [...swaps,
        { label: `${b} · Under the pile, redraw`, keys: [String(b)], run: () => this.play(ctx, m.card, { type: 'exchange', card: m.card, mode: 'bottom' }) },
        { label: `${b + 1} · On the fly`, keys: [String(b + 1)], run: () => this.play(ctx, m.card, { type: 'exchange', card: m.card, mode: 'fly' }) },
        cancel];
    }
    const g = m;
    const park = () => this.play(ctx, g.card ?? g.cars[g.cars.length - 1], { type: 'garage', ...(g.card === undefined ? {} : { card: g.card }), cars: g.cars });
    return [{ label: `Park ${g.cars.length} Car${g.cars.length === 1 ? '' : 's'} (G)`, keys: ['g'], enabled: g.cars.length > 0, run: park }, cancel];
  }

  private drawChoices(ctx: RenderContext, v: CarExchangePublicView, mine: CarExchangeSeatView, y: number): void {
    const opts = this.options(ctx, v, mine);
    if (!opts) return;
    const title = { paint: 'Paint Shop — colour:', fine: 'Fine — whom?', exchange: 'Car Exchange — swap with, or:', garage: 'Garage — click Cars of one colour (last on top):' }[this.mode?.kind ?? 'paint'];
    const t = ctx.scene.add.text(0, y + 6, this.mode ? title : 'Name the opening colour:', { fontSize: '15px', color: '#f2c14e' });
    ctx.layer.add(t);
    let x = t.width + 10;
    for (const o of opts) {
      const b = button(ctx.scene, x, y, o.label, o.run, { enabled: o.enabled, lit: true, bg: o.bg });
      // Too many for one row (many rivals): wrap below, over the top of the hand.
      if (x + b.width > ctx.width && x > t.width + 10) { x = t.width + 10; y += 34; b.setPosition(x, y); }
      ctx.layer.add(b);
      x += b.width + 8;
    }
  }

  private drawWindows(ctx: RenderContext, v: CarExchangePublicView, mine: CarExchangeSeatView | null, x: number, y: number): void {
    const { scene, layer } = ctx;
    const add = (label: string, run: () => void, opts: { enabled?: boolean; lit?: boolean; bg?: string }, at?: number | null, fmt?: (l: string) => string) => {
      const b = button(scene, x, y, label, run, opts);
      if (at && fmt) this.ticks.push({ text: b.setText(fmt(countdown(at - ctx.serverNow()))), at, fmt });
      layer.add(b);
      x += Math.max(b.width, 150) + 10;
    };
    if (mine && v.phase === 'playing') {
      const p = v.pending;
      const myTurn = v.turn === mine.seat;
      add('Draw (D)', () => this.draw(ctx), { enabled: this.canDraw(ctx, v, mine), lit: myTurn && mine.playable.length === 0 });
      if (myTurn && p?.kind === 'service') add('Skip turn (A)', () => ctx.act({ type: 'accept' }), { lit: true });
      if (myTurn && p?.kind === 'fine') add(`Take ${p.cards} cards (A)`, () => ctx.act({ type: 'accept' }), { lit: true });
      if (mine.drawn) add('Keep drawn card (K)', () => ctx.act({ type: 'pass' }), { lit: true });
    }
    const w = v.newCarWindow;
    if (w && mine) {
      const card = this.canRace(v, mine);
      const who = nameOf(ctx, w.seat);
      const label = card ? `NEW CAR! bring ${who} back (N)` : `New Car window for ${who}`;
      add(label, () => this.race(ctx, v, mine), { enabled: !!card, bg: card ? '#ff7a45' : undefined }, w.closesAt, (l) => `${label} · ${l}`);
      if (w.closesAt === null) layer.add(scene.add.text(x - 8, y + 6, 'open until the next move', { fontSize: '13px', color: '#ffb36b' }));
    } else if (mine && !this.me(v, mine)?.out && mine.hand.some((c) => c.kind === 'newCar')) {
      add('New Car (N)', () => undefined, { enabled: false });
    }
    const x2 = v.exchange;
    if (x2) {
      const card = mine ? this.canBlock(v, mine) : undefined;
      const text = `${nameOf(ctx, x2.by)} swaps hands with ${nameOf(ctx, x2.target)}`;
      if (card && mine) add(`Block the swap (B)`, () => this.block(ctx, v, mine), { bg: '#ff7a45' }, x2.closesAt, (l) => `Block the swap (B) · ${l}`);
      const t = scene.add.text(x, y + 6, '', { fontSize: '14px', color: '#ffb36b' });
      this.ticks.push({ text: t, at: x2.closesAt, fmt: (l) => `${text} in ${l}` });
      layer.add(t);
    }
  }

  private drawChat(ctx: RenderContext, v: CarExchangePublicView, mine: CarExchangeSeatView, y: number): void {
    const { scene, layer } = ctx;
    const due = v.talk.find((t) => t.seat === mine.seat);
    const label = scene.add.text(0, y + 6, '', { fontSize: '14px', color: due ? '#ffb3b3' : '#cfd6e6' });
    if (due) this.ticks.push({ text: label, at: due.deadline, fmt: (l) => `Talk now! ${l} (T):` });
    else label.setText(mine.spokeThisTurn ? 'Talking rule ✓ said:' : 'Talking rule (T):');
    layer.add(label);
    let x = 160;
    for (const phrase of PHRASES) {
      const b = button(scene, x, y, phrase, () => this.say(ctx, phrase), { lit: !!due });
      if (x + b.width > ctx.width) { b.destroy(); break; }
      layer.add(b);
      x += b.width + 6;
    }
  }

  private drawHand(ctx: RenderContext, v: CarExchangePublicView, mine: CarExchangeSeatView, y: number, size: CardSize): void {
    const n = mine.hand.length;
    if (n === 0) return void ctx.layer.add(ctx.scene.add.text(0, y + 20, this.me(v, mine)?.out ? 'You are out of cards.' : 'No cards.', { fontSize: '16px' }));
    this.cursor = Math.min(this.cursor, n - 1);
    const step = Math.min(size.w + 6, (ctx.width - size.w - 16) / Math.max(1, n - 1));
    const garage = this.mode?.kind === 'garage' ? this.mode : null;
    const race = this.canRace(v, mine)?.id;
    const blockId = this.canBlock(v, mine)?.id;
    const deciding = mine.playable.length > 0 || race !== undefined || blockId !== undefined || garage !== null;
    mine.hand.forEach((card, i) => {
      const off = i - (n - 1) / 2;
      let lit = mine.playable.includes(card.id) || card.id === race || card.id === blockId;
      let badge: string | undefined = mine.drawn?.id === card.id ? 'drawn' : undefined;
      if (garage) {
        const order = garage.cars.indexOf(card.id);
        const colour = garage.cars.length ? cardOf(garage.cars[0]).colour : null;
        lit = order >= 0 || (card.kind === 'car' && (colour === null || card.colour === colour));
        if (order >= 0) badge = `#${order + 1}`;
        if (card.id === garage.card) { lit = true; badge = '✓'; }
      }
      const x = 4 + i * step + size.w / 2;
      const cy = y + size.h / 2 + Math.abs(off) * Math.min(3, 30 / n) + (lit && deciding ? -14 : 0) - (badge && garage ? 8 : 0);
      // The face sits centred in an outer container so the fan turns each card about its middle.
      const face = drawCard(ctx.scene, -size.w / 2, -size.h / 2, size, card, { lit: lit && deciding, dim: deciding && !lit, cursor: i === this.cursor, badge });
      const sprite = ctx.scene.add.container(x, cy, [face]).setAngle(off * Math.min(2.5, 20 / n));
      clickable(face, () => { this.cursor = i; this.onCard(ctx, v, mine, card.id); });
      this.hand.set(card.id, sprite);
      ctx.layer.add(sprite);
    });
  }

  private hintFor(ctx: RenderContext, v: CarExchangePublicView, mine: CarExchangeSeatView | null): string {
    if (v.phase === 'over') return 'Game over.';
    if (v.phase === 'roundOver') return 'Round over: the next round starts soon.';
    if (!mine) return 'Watching the table.';
    const m = this.mode;
    if (m?.kind === 'paint') return 'Choose the colour for your Paint Shop (R/G/B/Y or 1–4).';
    if (m?.kind === 'fine') return 'Choose who receives your Fine (number keys).';
    if (m?.kind === 'exchange') return 'Swap hands with someone, put your hand under the pile, or play it on the fly (number keys).';
    if (m?.kind === 'garage') return 'Click Cars of one colour in the order to discard (the last ends on top), then Park (G).';
    const p = v.pending;
    if (p?.kind === 'dealerColour' && p.dealer === mine.seat) return 'You are the dealer: name the colour for the opening Paint Shop.';
    if (this.canRace(v, mine)) return `Quick! Play your New Car (N) to bring ${nameOf(ctx, v.newCarWindow!.seat)} back.`;
    if (this.canBlock(v, mine)) return 'Someone wants your hand: block with your Car Exchange (B) before time runs out.';
    if (v.talk.some((t) => t.seat === mine.seat)) return 'Talking rule: say something now (T) or draw a penalty card.';
    if (v.exchange || (v.newCarWindow && v.newCarWindow.closesAt !== null)) return 'Wait for the window to close.';
    if (v.turn !== mine.seat) return `${nameOf(ctx, v.turn)} is playing.`;
    if (p?.kind === 'service') return 'You face a Service: counter with a lit Service, or skip your turn (A).';
    if (p?.kind === 'fine') return `You face a Fine: counter with a lit Fine, or take ${p.cards} cards (A).`;
    if (p?.kind === 'garage') return 'Opening Garage: click a Car to discard Cars of one colour (or draw if you hold none).';
    if (mine.drawn) return 'Play the card you drew, or keep it (K).';
    return mine.playable.length ? 'Your turn: play a lit card (←/→, Enter) or draw (D).' : 'No card fits: draw (D).';
  }
}

const describe = (card: Card) => describeCard(card.id);
