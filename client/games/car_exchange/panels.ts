/** Car Exchange public panels: every player's box (card count, tableau, place, score), the pile, and the scores. */
import type Phaser from 'phaser';
import type { RenderContext } from '../renderer.js';
import type { CarExchangePublicView } from '../../../shared/games/car_exchange/views.js';
import { FILL, LETTER, countdown, drawBack, drawCard, type CardSize } from './cardFace.js';

/** Texts whose countdown is refreshed by a timer between state changes. */
export interface Tick { text: Phaser.GameObjects.Text; at: number; fmt: (left: string) => string }

export const nameOf = (ctx: RenderContext, seat: number): string =>
  seat === ctx.mySeat ? 'You' : ctx.seats.find((s) => s.seat === seat)?.name ?? `Seat ${seat + 1}`;

const ORD = ['1st', '2nd', '3rd'];
export const ordinal = (n: number) => ORD[n - 1] ?? `${n}th`;
const style = (size: number, color = '#f2f2f2') => ({ fontSize: `${size}px`, color, fontFamily: 'system-ui, sans-serif' });

/** One box per seat along the top; returns its height. */
export function drawPlayers(ctx: RenderContext, view: CarExchangePublicView, ticks: Tick[]): number {
  const { scene, layer, width } = ctx;
  const n = view.players.length;
  const boxW = Math.min(190, width / n - 6);
  const boxH = 78;
  view.players.forEach((p, i) => {
    const x = i * (boxW + 6);
    const turn = view.phase === 'playing' && view.turn === p.seat && !p.out;
    const me = p.seat === ctx.mySeat;
    layer.add(scene.add.rectangle(x, 0, boxW, boxH, me ? 0x2c3550 : 0x252c3d).setOrigin(0).setStrokeStyle(turn ? 3 : 1, turn ? 0xf2c14e : 0x4a5674));
    const title = `${turn ? '▶ ' : ''}${nameOf(ctx, p.seat)}`;
    layer.add(scene.add.text(x + 5, 3, title.length > 20 ? `${title.slice(0, 19)}…` : title, style(14, turn ? '#f2c14e' : '#f2f2f2')));
    const mini: CardSize = { w: 12, h: 18 };
    for (let k = 0; k < Math.min(p.cards, 10); k++) layer.add(drawBack(ctx.scene, x + 5 + k * 5, 22, mini, ''));
    const marks = [view.exchange?.target === p.seat ? '⇄ target' : '', view.exchange?.by === p.seat ? '⇄ swapping' : '', p.skips ? `skips ${p.skips}` : ''].filter(Boolean).join(' ');
    layer.add(scene.add.text(x + 5 + Math.min(p.cards, 10) * 5 + 12, 22, `${p.cards} card${p.cards === 1 ? '' : 's'} ${marks}`, style(13)));
    const status = p.place !== null ? `OUT · ${ordinal(p.place)}` : p.out ? 'OUT' : '';
    const tableau = p.tableau.map((c) => (c.kind === 'exchange' ? '⇄EX' : 'NC')).join(' ');
    layer.add(scene.add.text(x + 5, 44, `${p.score} pts${status ? ` · ${status}` : ''}`, style(13, status ? '#7fe08a' : '#f2f2f2')));
    if (tableau) layer.add(scene.add.text(x + boxW - 4, 44, tableau, style(11, '#cfd6e6')).setOrigin(1, 0));
    const talk = view.talk.find((t) => t.seat === p.seat);
    if (talk) {
      const t = scene.add.text(x + 5, 60, '', style(12, '#ffb3b3'));
      ticks.push({ text: t, at: talk.deadline, fmt: (left) => `must talk! · ${left}` });
      layer.add(t);
    } else if (turn && view.turnDeadline) {
      const t = scene.add.text(x + 5, 60, '', style(12, '#f2c14e'));
      ticks.push({ text: t, at: view.turnDeadline, fmt: (left) => `turn · ${left}` });
      layer.add(t);
    }
  });
  return boxH;
}

/** Deck (click to draw), discard pile with the active colour, the pending penalty. Returns the pile's position. */
export function drawPile(ctx: RenderContext, view: CarExchangePublicView, x: number, y: number, size: CardSize, onDraw: (() => void) | null): { x: number; y: number } {
  const { scene, layer } = ctx;
  const deck = drawBack(scene, x, y, size, `DECK\n${view.deck}`);
  if (onDraw) {
    (deck.list[0] as Phaser.GameObjects.Rectangle).setStrokeStyle(4, 0xfff07a).setInteractive({ useHandCursor: true }).on('pointerdown', onDraw);
  }
  layer.add(deck);
  const px = x + size.w + 18;
  if (view.discard > 1) layer.add(scene.add.rectangle(px + 4, y + 4, size.w, size.h, 0x1a1f2b).setOrigin(0).setStrokeStyle(1, 0x4a5674));
  if (view.top) layer.add(drawCard(scene, px, y, size, view.top));
  else layer.add(scene.add.rectangle(px, y, size.w, size.h).setOrigin(0).setStrokeStyle(1, 0x4a5674));
  layer.add(scene.add.text(px + size.w / 2, y + size.h + 8, `pile ${view.discard}`, style(12, '#cfd6e6')).setOrigin(0.5, 0));
  const cx = px + size.w + 18;
  const col = view.activeColour;
  layer.add(scene.add.text(cx, y, 'Active colour', style(13, '#cfd6e6')));
  layer.add(scene.add.rectangle(cx, y + 20, 34, 34, col ? FILL[col] : 0x39435c).setOrigin(0).setStrokeStyle(2, 0xffffff));
  layer.add(scene.add.text(cx + 17, y + 37, col ? LETTER[col] : '?', { ...style(18, '#ffffff'), stroke: '#000', strokeThickness: 3, fontStyle: 'bold' }).setOrigin(0.5));
  layer.add(scene.add.text(cx + 42, y + 27, col ? col.toUpperCase() : 'none yet', style(16)));
  const p = view.pending;
  let pending = '';
  if (p?.kind === 'service') pending = `SERVICE on ${nameOf(ctx, view.turn)}${p.count > 1 ? ` (×${p.count})` : ''}: counter or skip`;
  if (p?.kind === 'fine') pending = `FINE on ${nameOf(ctx, view.turn)}: ${p.cards} cards (${p.chain.map((s) => (s === null ? 'opening' : nameOf(ctx, s))).join(' → ')})`;
  if (p?.kind === 'garage') pending = `Opening GARAGE: ${nameOf(ctx, view.turn)} must discard Cars`;
  if (p?.kind === 'dealerColour') pending = `Opening PAINT SHOP: ${p.dealer === ctx.mySeat ? 'you name' : `${nameOf(ctx, p.dealer)} names`} the colour`;
  if (p?.kind === 'drawn') pending = `${nameOf(ctx, view.turn)} may play the card just drawn`;
  if (pending) layer.add(scene.add.text(cx, y + 64, pending, { ...style(14, '#ffb36b'), wordWrap: { width: 260 } }));
  return { x: px, y };
}

/** Round, target, time limit and every seat's total with its recent rounds. */
export function drawScores(ctx: RenderContext, view: CarExchangePublicView, x: number, y: number, ticks: Tick[]): void {
  const { scene, layer } = ctx;
  const limits = [`to ${view.targetScore} pts`, view.rounds ? `max ${view.rounds} rounds` : ''].filter(Boolean).join(' · ');
  layer.add(scene.add.text(x, y, `Round ${view.round} · ${limits}`, style(15, '#f2c14e')));
  let row = y + 20;
  if (view.timeLimitAt) {
    const t = scene.add.text(x, row, '', style(12, '#cfd6e6'));
    ticks.push({ text: t, at: view.timeLimitAt, fmt: (left) => `time limit: last round starts within ${left}` });
    layer.add(t);
    row += 16;
  }
  const recent = view.history.slice(-4);
  const first = view.history.length - recent.length + 1;
  const head = recent.map((_, i) => `r${first + i}`.padStart(3)).join(' ');
  layer.add(scene.add.text(x, row, `${''.padEnd(12)} pts  ${head}`, { ...style(12, '#cfd6e6'), fontFamily: 'monospace' }));
  row += 16;
  for (const p of view.players) {
    const pts = recent.map((r) => `+${r[p.seat] ?? 0}`.padStart(3)).join(' ');
    layer.add(scene.add.text(x, row, `${nameOf(ctx, p.seat).slice(0, 12).padEnd(12)} ${String(p.score).padStart(3)}  ${pts}`, { ...style(13), fontFamily: 'monospace' }));
    row += 16;
  }
  if (view.phase === 'roundOver' && view.nextRoundAt) {
    const order = view.finishOrder.map((s, i) => `${ordinal(i + 1)} ${nameOf(ctx, s)}`).join(', ');
    const t = scene.add.text(x, row + 4, '', { ...style(14, '#7fe08a'), wordWrap: { width: 260 } });
    ticks.push({ text: t, at: view.nextRoundAt, fmt: (left) => `Round over: ${order}. Next round in ${left}` });
    layer.add(t);
  }
}

export function runTicks(ticks: Tick[], now: number): void {
  for (const t of ticks) if (t.text.active) t.text.setText(t.fmt(countdown(t.at - now)));
}
