/**
 * Railway Madness table: the 54 table positions, every player's locomotive, car count and the
 * card in their search hand, and your own train. Click/tap or keyboard (arrows + Enter) to flip
 * or take; your grab flies to your train at once and slides back if the server refuses it.
 */
import type Phaser from 'phaser';
import type { GameRenderer, RenderContext } from '../renderer.js';
import type { RailwayPublicView, RailwaySeatView } from '../../../shared/games/railway/views.js';
import { drawCar, drawFaceDown, type CardSize } from './carFace.js';

const COLUMNS = 9;

export class RailwayRenderer implements GameRenderer {
  readonly keysHelp = 'arrows choose · Enter flip/take · T take held · R put back · S stop · Space/1–5/B (Longest Train)';
  private cursor = 0;
  private slots = new Map<number, Phaser.GameObjects.Container>();
  private trainAnchor = { x: 0, y: 0 };
  private last: { pub: RailwayPublicView; mine: RailwaySeatView | null } | null = null;

  render(ctx: RenderContext, pub: unknown, mine: unknown): void {
    const view = pub as RailwayPublicView;
    const seatView = mine as RailwaySeatView | null;
    this.last = { pub: view, mine: seatView };
    this.slots.clear();
    if (view.longest) this.renderLongest(ctx, view, seatView);
    else this.renderTable(ctx, view, seatView);
  }

  onKey(ctx: RenderContext, key: string): void {
    const view = this.last?.pub;
    if (!view) return;
    if (view.longest) {
      if (key === ' ') ctx.act({ type: 'turn' });
      else if (key >= '1' && key <= '5') ctx.act({ type: 'place', train: Number(key) - 1 });
      else if (key.toLowerCase() === 'b') ctx.act({ type: 'bottom' });
      return;
    }
    const move = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS }[key];
    if (move !== undefined) {
      this.cursor = (this.cursor + move + view.table.length) % view.table.length;
      ctx.hint(`Selected position ${this.cursor + 1}`);
      this.render(ctx, view, this.last?.mine ?? null);
      return;
    }
    if (key === 'Enter' || key === ' ') this.actOnSlot(ctx, view, this.cursor);
    else if (key.toLowerCase() === 't') ctx.act({ type: 'take' });
    else if (key.toLowerCase() === 'r') ctx.act({ type: 'release' });
    else if (key.toLowerCase() === 's') ctx.act({ type: 'stop' });
  }

  private actOnSlot(ctx: RenderContext, view: RailwayPublicView, slot: number): void {
    const card = view.table[slot];
    if (!card || ctx.mySeat === null) return;
    if ('down' in card) {
      ctx.act({ type: 'flip', slot }, () => this.predictLift(ctx, slot));
    } else {
      ctx.act({ type: 'take', slot }, () => this.predictLift(ctx, slot));
    }
  }

  /** Show the grab at once; the returned undo slides the card back (the frame shows the reason). */
  private predictLift(ctx: RenderContext, slot: number): () => void {
    const sprite = this.slots.get(slot);
    if (!sprite) return () => undefined;
    const home = { x: sprite.x, y: sprite.y };
    ctx.scene.tweens.add({ targets: sprite, x: this.trainAnchor.x, y: this.trainAnchor.y, duration: 160 });
    return () => {
      const current = this.slots.get(slot) ?? sprite;
      if (!current.active) return;
      current.setPosition(this.trainAnchor.x, this.trainAnchor.y);
      ctx.scene.tweens.add({ targets: current, x: home.x, y: home.y, duration: 350, ease: 'Back.easeOut' });
      ctx.scene.tweens.add({ targets: current, alpha: 0.35, yoyo: true, duration: 175, repeat: 1 });
    };
  }

  private renderTable(ctx: RenderContext, view: RailwayPublicView, mine: RailwaySeatView | null): void {
    const { scene, layer, width, height } = ctx;
    const rows = Math.ceil(view.table.length / COLUMNS);
    const gap = 6;
    const w = Math.min(86, (width - gap * COLUMNS) / COLUMNS);
    const size: CardSize = { w, h: Math.min(w * 1.25, (height * 0.58 - gap * rows) / rows) };
    const me = ctx.mySeat === null ? undefined : view.players[ctx.mySeat];
    view.table.forEach((slot, i) => {
      const x = (i % COLUMNS) * (size.w + gap);
      const y = Math.floor(i / COLUMNS) * (size.h + gap);
      if (i === this.cursor) layer.add(scene.add.rectangle(x - 3, y - 3, size.w + 6, size.h + 6, 0x7fd1ff).setOrigin(0));
      if (!slot) {
        layer.add(scene.add.rectangle(x, y, size.w, size.h).setStrokeStyle(1, 0x4a5674).setOrigin(0));
        return;
      }
      const sprite = 'down' in slot ? drawFaceDown(scene, x, y, size) : drawCar(scene, x, y, size, slot.car);
      clickable(sprite, () => { this.cursor = i; this.actOnSlot(ctx, view, i); });
      sprite.setData('slot', i);
      this.slots.set(i, sprite);
      layer.add(sprite);
    });

    const top = rows * (size.h + gap) + 10;
    const small: CardSize = { w: size.w * 0.8, h: size.h * 0.8 };
    const perPlayer = Math.max(170, width / Math.max(1, view.players.length));
    view.players.forEach((p, k) => {
      const name = ctx.seats.find((s) => s.seat === p.seat)?.name ?? `Seat ${p.seat + 1}`;
      const x = k * perPlayer;
      const you = p.seat === ctx.mySeat;
      layer.add(scene.add.text(x, top, `${you ? '▶ ' : ''}${name}: ${p.cars} cars${p.valid !== undefined ? ` (${p.valid} valid)` : ''}`, { fontSize: '14px', color: you ? '#f2c14e' : '#f2f2f2' }));
      layer.add(drawCar(scene, x, top + 20, small, p.locomotive, { locomotive: true }));
      if (p.holding) {
        layer.add(scene.add.text(x + small.w + 6, top + 20, 'holds', { fontSize: '12px', color: '#bbb' }));
        layer.add(drawCar(scene, x + small.w + 6, top + 36, { w: small.w * 0.8, h: small.h * 0.8 }, p.holding));
      }
    });

    const trainTop = top + small.h + 36;
    this.trainAnchor = { x: 0, y: trainTop };
    if (me && mine) {
      const label = view.over ? 'Your train' : `Your train (${mine.valid} of ${mine.train.length} pass the check so far)`;
      layer.add(scene.add.text(0, trainTop - 2, label, { fontSize: '14px', color: '#f2c14e' }));
      const tiny: CardSize = { w: Math.min(small.w * 0.7, (width - 20) / Math.max(8, mine.train.length + 1)), h: small.h * 0.7 };
      layer.add(drawCar(scene, 0, trainTop + 18, tiny, me.locomotive, { locomotive: true }));
      mine.train.forEach((car, i) => layer.add(drawCar(scene, (i + 1) * (tiny.w + 3), trainTop + 18, tiny, car)).setAlpha(i < mine.valid ? 1 : 0.45));
      this.renderButtons(ctx, view, me.holding !== null, trainTop + 18 + tiny.h + 8);
      ctx.hint(me.holding ? 'You hold a card: take it (T) or put it back (R).' : view.variant === 'juniors' || view.variant === 'express' ? 'Take a matching card.' : 'Turn a card over or take a face-up one.');
    }
  }

  private renderButtons(ctx: RenderContext, view: RailwayPublicView, holding: boolean, y: number): void {
    const buttons: [string, object][] = [];
    if (holding) buttons.push(['Take it (T)', { type: 'take' }], ['Put back (R)', { type: 'release' }]);
    if (view.variant === 'training') buttons.push(['Stop! (S)', { type: 'stop' }]);
    buttons.forEach(([label, action], i) => {
      const b = ctx.scene.add.text(i * 140, y, label, { fontSize: '16px', color: '#1d2330', backgroundColor: '#f2c14e', padding: { x: 10, y: 8 } })
        .setInteractive({ useHandCursor: true });
      b.on('pointerdown', () => ctx.act(action));
      ctx.layer.add(b);
    });
  }

  private renderLongest(ctx: RenderContext, view: RailwayPublicView, mine: RailwaySeatView | null): void {
    const { scene, layer, width, height } = ctx;
    const lt = view.longest!;
    const rowH = Math.min(110, (height - 120) / 5);
    const size: CardSize = { w: rowH * 0.7, h: rowH * 0.9 };
    const centre = width / 2 - size.w / 2;
    lt.locomotives.forEach((loco, i) => {
      const y = i * rowH;
      const slot = drawCar(scene, centre, y, size, loco, { locomotive: true });
      clickable(slot, () => ctx.act({ type: 'place', train: i }));
      layer.add(slot);
      layer.add(scene.add.text(centre - 24, y + size.h / 2, `${i + 1}`, { fontSize: '18px' }).setOrigin(0.5));
      lt.players.forEach((p) => {
        const mineRow = p.seat === ctx.mySeat ? mine?.longestTrains?.[i] : undefined;
        const dir = p.seat === ctx.mySeat ? 1 : -1;
        const count = mineRow?.length ?? p.trainLengths[i];
        if (mineRow) mineRow.forEach((car, k) => layer.add(drawCar(scene, centre + dir * (k + 1) * (size.w * 0.6), y + 6, { w: size.w * 0.55, h: size.h * 0.8 }, car)));
        else layer.add(scene.add.text(centre + dir * (size.w + 30) + (dir < 0 ? -40 : 0), y + size.h / 2, `${count} cars`, { fontSize: '14px' }));
      });
    });
    const me = lt.players.find((p) => p.seat === ctx.mySeat);
    if (me) {
      const y = 5 * rowH + 10;
      layer.add(scene.add.text(0, y, `Your pile: ${me.pile} cards`, { fontSize: '15px' }));
      if (me.turned) layer.add(drawCar(scene, 0, y + 22, size, me.turned));
      const turn = scene.add.text(size.w + 20, y + 22, me.turned ? 'Under the pile (B)' : 'Turn over (Space)', { fontSize: '16px', color: '#1d2330', backgroundColor: '#f2c14e', padding: { x: 10, y: 8 } })
        .setInteractive({ useHandCursor: true });
      turn.on('pointerdown', () => ctx.act(me.turned ? { type: 'bottom' } : { type: 'turn' }));
      layer.add(turn);
      ctx.hint(me.turned ? 'Click a locomotive (1–5) to lay the card behind it, or put it under your pile.' : 'Turn over your top card.');
    }
  }
}

/** A card container is clicked through its background (a container's own hit area is offset by its origin). */
function clickable(card: Phaser.GameObjects.Container, onClick: () => void): void {
  const background = card.list[0] as Phaser.GameObjects.Rectangle;
  background.setInteractive({ useHandCursor: true }).on('pointerdown', onClick);
}
