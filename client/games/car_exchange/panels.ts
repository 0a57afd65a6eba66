/**
 * Car Exchange public panels, kept on the stage by key under the pieces: every player's box
 * (card count, tableau, place, score, whose turn written out), the pile with the active colour and
 * the pending penalty, and the scores. Texts with a countdown are refreshed by the renderer's timer.
 */
import type Phaser from 'phaser';
import type { RenderContext } from '../renderer.js';
import type { CarExchangePublicView } from '../../../shared/games/car_exchange/views.js';
import { FILL, LETTER_OF, countdown, drawBack, type CardSize } from './cardFace.js';
import { fitText } from '../controls.js';
import type { LabelStyle, Stage } from '../stage.js';
import { t } from '../../i18n/index.js';

const NS = 'table_car_exchange:';

/** Texts whose countdown is refreshed by a timer between state changes. */
export interface Tick { text: Phaser.GameObjects.Text; at: number; fmt: (left: string) => string }

export const nameOf = (ctx: RenderContext, seat: number): string =>
  seat === ctx.mySeat ? t(`${NS}you`) : ctx.seats.find((s) => s.seat === seat)?.name ?? t(`${NS}seat`, { n: seat + 1 });

export const ordinal = (n: number): string => t(`${NS}ordinal`, { count: n, ordinal: true });
/** Where this table's texts lie: under the pieces, as when they were drawn afresh into the decor. */
export const UNDER: Pick<LabelStyle, 'layer'> = { layer: 'under' };
export const style = (size: number, color = '#f2f2f2') => ({ fontSize: `${size}px`, color, fontFamily: 'system-ui, sans-serif' });

/** One box per seat, in as many rows as the width needs; returns the height used. */
export function drawPlayers(ctx: RenderContext, stage: Stage, view: CarExchangePublicView, ticks: Tick[], compact = false): number {
  const { width } = ctx;
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
    const key = `seat-${p.seat}`;
    stage.shape(`${key}-box`, `${x}|${y}|${boxW}|${boxH}|${me}|${turn}`,
      (sc) => sc.add.rectangle(x, y, boxW, boxH, me ? 0x2c3550 : 0x252c3d).setOrigin(0).setStrokeStyle(turn ? 3 : 1, turn ? 0xf2c14e : 0x4a5674));
    stage.label(`${key}-name`, x + 5, y + 3, nameOf(ctx, p.seat), { ...UNDER, size: 14, colour: turn ? '#f2c14e' : '#f2f2f2', bold: turn, maxWidth: nameW });
    const mini: CardSize = { w: 10, h: 15 };
    const shown = Math.min(p.cards, 8);
    stage.shape(`${key}-backs`, `${x + cardsX}|${y + cardsY}|${shown}`, (sc) => {
      const backs = sc.add.container(0, 0);
      for (let k = 0; k < shown; k++) backs.add(drawBack(sc, x + cardsX + k * 4, y + cardsY, mini, ''));
      return backs;
    });
    const marks = [view.exchange?.target === p.seat ? `⇄ ${t(`${NS}target`)}` : '', view.exchange?.by === p.seat ? `⇄ ${t(`${NS}swapping`)}` : '', p.skips ? t(`${NS}skips`, { count: p.skips }) : ''].filter(Boolean).join(' ');
    stage.label(`${key}-cards`, x + cardsX + shown * 4 + 12, y + cardsY, `${t(`${NS}cards`, { count: p.cards })} ${marks}`, { ...UNDER, size: 12, maxWidth: boxW - cardsX - shown * 4 - 17 });
    const status = p.place !== null ? t(`${NS}outPlace`, { place: ordinal(p.place) }) : p.out ? t(`${NS}out`) : '';
    const tableau = p.tableau.map((c) => (c.kind === 'exchange' ? '⇄' : t(`${NS}newCarShort`))).join(' ');
    const base = [t(`${NS}points`, { count: p.score }), status, tableau].filter(Boolean).join(' · ');
    const talk = view.talk.find((tk) => tk.seat === p.seat);
    const clock = !talk && turn && view.turnDeadline && !ctx.frameClock ? view.turnDeadline : null;
    const at = talk?.deadline ?? clock;
    // A line with a countdown is written by its tick (its base in the key of its words, so a new
    // score starts it afresh); the stage keeps the label.
    const line3 = stage.label(`${key}-line3`, x + 5, y + line3Y, at ? '' : base,
      { ...UNDER, size: 12, colour: talk ? '#ffb3b3' : clock ? '#f2c14e' : status ? '#7fe08a' : '#cfd6e6', maxWidth: at ? 0 : boxW - 10 });
    const fmt = (left: string) => (talk ? `${base} · ${t(`${NS}mustTalk`, { left })}` : `${base} · ${t(`${NS}turnClock`, { left })}`);
    if (at) ticks.push({ text: line3, at, fmt: (left) => fitText(line3.setFontSize(12).setText(fmt(left)), boxW - 10).text });
  });
  return Math.ceil(n / perRow) * (boxH + 6);
}

/** The active colour and what is pending, right of the pile; returns the height used. */
export function drawTableInfo(ctx: RenderContext, stage: Stage, view: CarExchangePublicView, x: number, y: number, w: number, maxH = Infinity): number {
  const col = view.activeColour;
  stage.label('info-title', x, y, t(`${NS}activeColour`), { ...UNDER, size: 13, colour: '#cfd6e6', maxWidth: w });
  stage.shape('info-swatch', `${x}|${y}|${col}`, (sc) => sc.add.rectangle(x, y + 20, 34, 34, col ? FILL[col] : 0x39435c).setOrigin(0).setStrokeStyle(2, 0xffffff));
  const letter = col ? LETTER_OF(col) : '?';
  stage.shape('info-letter', `${x}|${y}|${letter}`, (sc) => sc.add.text(x + 17, y + 37, letter, { ...style(18, '#ffffff'), stroke: '#000', strokeThickness: 3, fontStyle: 'bold' }).setOrigin(0.5));
  stage.label('info-colour', x + 42, y + 27, col ? t(`${NS}colour.name.${col}`).toUpperCase() : t(`${NS}noColour`), { ...UNDER, size: 16, maxWidth: w - 42 });
  const counts = () => stage.label('info-counts', x, y + 60, t(`${NS}deckPile`, { deck: view.deck, pile: view.discard }), { ...UNDER, size: 12, colour: '#cfd6e6', maxWidth: w });
  const p = view.pending;
  const who = nameOf(ctx, view.turn);
  let pending = '';
  if (p?.kind === 'service') pending = p.count > 1 ? t(`${NS}pending.serviceMany`, { name: who, count: p.count }) : t(`${NS}pending.service`, { name: who });
  if (p?.kind === 'fine') pending = t(`${NS}pending.fine`, { name: who, count: p.cards, chain: p.chain.map((s) => (s === null ? t(`${NS}opening`) : nameOf(ctx, s))).join(' → ') });
  if (p?.kind === 'garage') pending = t(`${NS}pending.garage`, { name: who });
  if (p?.kind === 'dealerColour') pending = p.dealer === ctx.mySeat ? t(`${NS}pending.dealerYou`) : t(`${NS}pending.dealer`, { name: nameOf(ctx, p.dealer) });
  if (p?.kind === 'drawn') pending = t(`${NS}pending.drawn`, { name: who });
  if (!pending) {
    counts();
    return 78;
  }
  // The wrapped line is kept even when hidden: it is what measures whether it fits.
  const text = stage.label('info-pending', x, y + 78, pending, { ...UNDER, size: 13, colour: '#ffb36b', wrap: w });
  text.setVisible(78 + text.height <= maxH);
  if (text.visible) {
    counts();
    return 82 + text.height;
  }
  // Short of room (a phone on its side): the pending line takes the counts' place, on one line
  // (the deck shows its own count).
  const line = stage.label('info-pending-line', x, y + 58, pending, { ...UNDER, size: 13, colour: '#ffb36b', maxWidth: w });
  return 62 + line.height;
}

/** Round, target, time limit and every seat's total with its recent rounds; returns the height used. */
export function drawScores(ctx: RenderContext, stage: Stage, view: CarExchangePublicView, x: number, y: number, w: number, ticks: Tick[]): number {
  const limits = [t(`${NS}toPoints`, { count: view.targetScore }), view.rounds ? t(`${NS}maxRounds`, { count: view.rounds }) : ''].filter(Boolean).join(' · ');
  stage.label('scores-head', x, y, `${t(`${NS}round`, { n: view.round })} · ${limits}`, { ...UNDER, size: 14, colour: '#f2c14e', maxWidth: w });
  let row = y + 20;
  if (view.timeLimitAt) {
    const tx = stage.label('scores-limit', x, row, '', { ...UNDER, size: 12, colour: '#cfd6e6' });
    ticks.push({ text: tx, at: view.timeLimitAt, fmt: (left) => t(`${NS}timeLimit`, { left }) });
    row += 16;
  }
  const recent = view.history.slice(-3);
  const first = view.history.length - recent.length + 1;
  const head = `${''.padEnd(11)}${t(`${NS}pts`).padStart(4)}${recent.map((_, i) => t(`${NS}roundShort`, { n: first + i }).padStart(4)).join('')}`;
  const at = row;
  stage.shape('scores-cols', `${x}|${at}|${head}`, (sc) => sc.add.text(x, at, head, { ...style(12, '#cfd6e6'), fontFamily: 'monospace' }));
  row += 16;
  for (const p of view.players) {
    const pts = recent.map((r) => `+${r[p.seat] ?? 0}`.padStart(4)).join('');
    const line = `${nameOf(ctx, p.seat).slice(0, 10).padEnd(11)}${String(p.score).padStart(4)}${pts}`;
    const ly = row;
    stage.shape(`scores-seat-${p.seat}`, `${x}|${ly}|${w}|${line}`, (sc) => fitText(sc.add.text(x, ly, line, { ...style(12), fontFamily: 'monospace' }), w));
    row += 16;
  }
  if (view.phase === 'roundOver' && view.nextRoundAt) {
    const order = view.finishOrder.map((s, i) => `${ordinal(i + 1)} ${nameOf(ctx, s)}`).join(', ');
    const tx = stage.label('scores-next', x, row + 4, '', { ...UNDER, size: 13, colour: '#7fe08a', wrap: w });
    ticks.push({ text: tx, at: view.nextRoundAt, fmt: (left) => t(`${NS}roundOver`, { order, left }) });
    row += 40;
  }
  return row - y;
}

export function runTicks(ticks: Tick[], now: number): void {
  for (const tk of ticks) if (tk.text.active) { const s = tk.fmt(countdown(tk.at - now)); if (tk.text.text !== s) tk.text.setText(s); }
}
