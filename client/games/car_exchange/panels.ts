/**
 * Car Exchange public panels drawn into the renderer's per-render container: every player's box
 * (card count, tableau, place, score, whose turn written out), the pile with the active colour and
 * the pending penalty, and the scores. Texts with a countdown are refreshed by the renderer's timer.
 */
import type Phaser from 'phaser';
import type { RenderContext } from '../renderer.js';
import type { CarExchangePublicView } from '../../../shared/games/car_exchange/views.js';
import { FILL, LETTER_OF, countdown, drawBack, type CardSize } from './cardFace.js';
import { fitText } from '../controls.js';
import { t } from '../../i18n/index.js';

const NS = 'table_car_exchange:';

/** Texts whose countdown is refreshed by a timer between state changes. */
export interface Tick { text: Phaser.GameObjects.Text; at: number; fmt: (left: string) => string }

export const nameOf = (ctx: RenderContext, seat: number): string =>
  seat === ctx.mySeat ? t(`${NS}you`) : ctx.seats.find((s) => s.seat === seat)?.name ?? t(`${NS}seat`, { n: seat + 1 });

export const ordinal = (n: number): string => t(`${NS}ordinal`, { count: n, ordinal: true });
export const style = (size: number, color = '#f2f2f2') => ({ fontSize: `${size}px`, color, fontFamily: 'system-ui, sans-serif' });

/** One box per seat, in as many rows as the width needs; returns the height used. */
export function drawPlayers(ctx: RenderContext, into: Phaser.GameObjects.Container, view: CarExchangePublicView, ticks: Tick[], compact = false): number {
  const { scene, width } = ctx;
  const n = view.players.length;
  const perRow = Math.max(1, Math.min(n, Math.floor(width / 150)));
  const boxW = Math.min(240, width / perRow - 6);
  // compact (a short screen): the name and the cards share the first line
  const boxH = compact ? 42 : 62;
  const nameW = compact ? boxW * 0.45 : boxW - 10;
  const cardsX = compact ? 5 + nameW + 4 : 5;
  const cardsY = compact ? 3 : 22;
  const line3Y = compact ? 22 : 42;
  view.players.forEach((p, i) => {
    const x = (i % perRow) * (boxW + 6);
    const y = Math.floor(i / perRow) * (boxH + 6);
    const turn = view.phase === 'playing' && view.turn === p.seat && !p.out;
    const me = p.seat === ctx.mySeat;
    into.add(scene.add.rectangle(x, y, boxW, boxH, me ? 0x2c3550 : 0x252c3d).setOrigin(0).setStrokeStyle(turn ? 3 : 1, turn ? 0xf2c14e : 0x4a5674));
    into.add(fitText(scene.add.text(x + 5, y + 3, nameOf(ctx, p.seat), { ...style(14, turn ? '#f2c14e' : '#f2f2f2'), fontStyle: turn ? 'bold' : 'normal' }), nameW));
    const mini: CardSize = { w: 10, h: 15 };
    const shown = Math.min(p.cards, 8);
    for (let k = 0; k < shown; k++) into.add(drawBack(scene, x + cardsX + k * 4, y + cardsY, mini, ''));
    const marks = [view.exchange?.target === p.seat ? `⇄ ${t(`${NS}target`)}` : '', view.exchange?.by === p.seat ? `⇄ ${t(`${NS}swapping`)}` : '', p.skips ? t(`${NS}skips`, { count: p.skips }) : ''].filter(Boolean).join(' ');
    into.add(fitText(scene.add.text(x + cardsX + shown * 4 + 12, y + cardsY, `${t(`${NS}cards`, { count: p.cards })} ${marks}`, style(12)), boxW - cardsX - shown * 4 - 17));
    const status = p.place !== null ? t(`${NS}outPlace`, { place: ordinal(p.place) }) : p.out ? t(`${NS}out`) : '';
    const tableau = p.tableau.map((c) => (c.kind === 'exchange' ? '⇄' : t(`${NS}newCarShort`))).join(' ');
    const line3 = scene.add.text(x + 5, y + line3Y, '', style(12, status ? '#7fe08a' : '#cfd6e6'));
    const base = [t(`${NS}points`, { count: p.score }), status, tableau].filter(Boolean).join(' · ');
    const talk = view.talk.find((tk) => tk.seat === p.seat);
    if (talk) ticks.push({ text: line3.setColor('#ffb3b3'), at: talk.deadline, fmt: (left) => fitText(line3.setText(`${base} · ${t(`${NS}mustTalk`, { left })}`), boxW - 10).text });
    else if (turn && view.turnDeadline && !ctx.frameClock) ticks.push({ text: line3.setColor('#f2c14e'), at: view.turnDeadline, fmt: (left) => fitText(line3.setText(`${base} · ${t(`${NS}turnClock`, { left })}`), boxW - 10).text });
    else fitText(line3.setText(base), boxW - 10);
    into.add(line3);
  });
  return Math.ceil(n / perRow) * (boxH + 6);
}

/** The active colour and what is pending, right of the pile; returns the height used. */
export function drawTableInfo(ctx: RenderContext, into: Phaser.GameObjects.Container, view: CarExchangePublicView, x: number, y: number, w: number, maxH = Infinity): number {
  const { scene } = ctx;
  const col = view.activeColour;
  into.add(fitText(scene.add.text(x, y, t(`${NS}activeColour`), style(13, '#cfd6e6')), w));
  into.add(scene.add.rectangle(x, y + 20, 34, 34, col ? FILL[col] : 0x39435c).setOrigin(0).setStrokeStyle(2, 0xffffff));
  into.add(scene.add.text(x + 17, y + 37, col ? LETTER_OF(col) : '?', { ...style(18, '#ffffff'), stroke: '#000', strokeThickness: 3, fontStyle: 'bold' }).setOrigin(0.5));
  into.add(fitText(scene.add.text(x + 42, y + 27, col ? t(`${NS}colour.name.${col}`).toUpperCase() : t(`${NS}noColour`), style(16)), w - 42));
  const counts = fitText(scene.add.text(x, y + 60, t(`${NS}deckPile`, { deck: view.deck, pile: view.discard }), style(12, '#cfd6e6')), w);
  into.add(counts);
  const p = view.pending;
  const who = nameOf(ctx, view.turn);
  let pending = '';
  if (p?.kind === 'service') pending = p.count > 1 ? t(`${NS}pending.serviceMany`, { name: who, count: p.count }) : t(`${NS}pending.service`, { name: who });
  if (p?.kind === 'fine') pending = t(`${NS}pending.fine`, { name: who, count: p.cards, chain: p.chain.map((s) => (s === null ? t(`${NS}opening`) : nameOf(ctx, s))).join(' → ') });
  if (p?.kind === 'garage') pending = t(`${NS}pending.garage`, { name: who });
  if (p?.kind === 'dealerColour') pending = p.dealer === ctx.mySeat ? t(`${NS}pending.dealerYou`) : t(`${NS}pending.dealer`, { name: nameOf(ctx, p.dealer) });
  if (p?.kind === 'drawn') pending = t(`${NS}pending.drawn`, { name: who });
  if (!pending) return 78;
  const text = scene.add.text(x, y + 78, pending, { ...style(13, '#ffb36b'), wordWrap: { width: w } });
  into.add(text);
  if (78 + text.height <= maxH) return 82 + text.height;
  // Short of room (a phone on its side): the pending line takes the counts' place, on one line
  // (the deck shows its own count).
  counts.destroy();
  text.setWordWrapWidth(null).setY(y + 58);
  fitText(text, w);
  return 62 + text.height;
}

/** Round, target, time limit and every seat's total with its recent rounds; returns the height used. */
export function drawScores(ctx: RenderContext, into: Phaser.GameObjects.Container, view: CarExchangePublicView, x: number, y: number, w: number, ticks: Tick[]): number {
  const { scene } = ctx;
  const limits = [t(`${NS}toPoints`, { count: view.targetScore }), view.rounds ? t(`${NS}maxRounds`, { count: view.rounds }) : ''].filter(Boolean).join(' · ');
  into.add(fitText(scene.add.text(x, y, `${t(`${NS}round`, { n: view.round })} · ${limits}`, style(14, '#f2c14e')), w));
  let row = y + 20;
  if (view.timeLimitAt) {
    const tx = scene.add.text(x, row, '', style(12, '#cfd6e6'));
    ticks.push({ text: tx, at: view.timeLimitAt, fmt: (left) => t(`${NS}timeLimit`, { left }) });
    into.add(tx);
    row += 16;
  }
  const recent = view.history.slice(-3);
  const first = view.history.length - recent.length + 1;
  const head = recent.map((_, i) => t(`${NS}roundShort`, { n: first + i }).padStart(4)).join('');
  into.add(scene.add.text(x, row, `${''.padEnd(11)}${t(`${NS}pts`).padStart(4)}${head}`, { ...style(12, '#cfd6e6'), fontFamily: 'monospace' }));
  row += 16;
  for (const p of view.players) {
    const pts = recent.map((r) => `+${r[p.seat] ?? 0}`.padStart(4)).join('');
    into.add(fitText(scene.add.text(x, row, `${nameOf(ctx, p.seat).slice(0, 10).padEnd(11)}${String(p.score).padStart(4)}${pts}`, { ...style(12), fontFamily: 'monospace' }), w));
    row += 16;
  }
  if (view.phase === 'roundOver' && view.nextRoundAt) {
    const order = view.finishOrder.map((s, i) => `${ordinal(i + 1)} ${nameOf(ctx, s)}`).join(', ');
    const tx = scene.add.text(x, row + 4, '', { ...style(13, '#7fe08a'), wordWrap: { width: w } });
    ticks.push({ text: tx, at: view.nextRoundAt, fmt: (left) => t(`${NS}roundOver`, { order, left }) });
    into.add(tx);
    row += 40;
  }
  return row - y;
}

export function runTicks(ticks: Tick[], now: number): void {
  for (const tk of ticks) if (tk.text.active) { const s = tk.fmt(countdown(tk.at - now)); if (tk.text.text !== s) tk.text.setText(s); }
}
