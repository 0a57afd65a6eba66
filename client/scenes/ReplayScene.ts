/**
 * The replay viewer (scene key 'replay', URL /replay/<id> → /#/replay/<id>): every frame of a
 * finished game as the table saw it (public views, rebuilt on the server from the stored log),
 * drawn by the game's own renderer; play/pause, step, scrub and speed. A player of the game also
 * sees their own seat's view. Nothing is sent to any room: `act` does nothing here.
 */
import Phaser from 'phaser';
import { screens } from '../app/screens.js';
import { loadRenderer } from '../games/registry.js';
import { loadGameLocales } from '../i18n/index.js';
import type { GameRenderer, RenderContext, SeatInfo } from '../games/renderer.js';
import { api, currentIdentity, ensureIdentity } from '../net/identity.js';
import { button, el } from '../ui/dom.js';
import { t } from '../i18n/index.js';
import { happenedFromEvent } from '../games/happened.js';
import { formatMsg, type Reader } from '../i18n/format.js';
import type { Msg } from '../../shared/i18n/msg.js';
import { gameTitle, gameTitleIn, variantName } from '../lobby/names.js';
import { rememberReplay } from '../pwa/offlineReplays.js';

interface Frame { t: number; view: unknown; events: { type: string; msg?: Msg; [field: string]: unknown }[]; active: number[]; cause: { kind: string; seat?: number } }
interface GameReplay {
  id: string; game: string; variant: string; summary: Msg; startedAt: number; status?: string; private?: boolean; finishedAt?: number;
  players: { seat: number; name: string; bot: boolean; place: number; score: number; identityId: string | null }[];
  replay: { frames: Frame[]; seat?: { seat: number; views: unknown[] } } | null;
}

const TOP = 64;
/** Room under the table for the controls until they are measured. */
const BOTTOM = 195;
const SPEEDS = [0.5, 1, 2, 4, 8];
/** Long thinking pauses are shortened while playing. */
const MAX_GAP_MS = 2_000;

export class ReplayScene extends Phaser.Scene {
  private data$: GameReplay | null = null;
  private index = 0;
  /** The frame drawn last: a step forward animates that step's events, a jump animates nothing. */
  private drawnIndex = -1;
  private playing = false;
  private speed = 1;
  private nextAt = 0;
  private gameRenderer: GameRenderer | null = null;
  private layer!: Phaser.GameObjects.Container;
  private header!: Phaser.GameObjects.Text;
  private controls: HTMLElement | null = null;
  private scrub!: HTMLInputElement;
  private label!: HTMLSpanElement;
  private playButton!: HTMLButtonElement;
  private eventLine!: HTMLDivElement;

  constructor() {
    super('replay');
  }

  create(data: { id: string }): void {
    this.data$ = null;
    this.index = 0;
    this.drawnIndex = -1;
    this.playing = false;
    this.gameRenderer = null;
    this.layer = this.add.container(16, TOP);
    this.header = this.add.text(16, 12, t('players:replay_view.loading'), { fontSize: '18px', color: '#ffffff', wordWrap: { width: this.scale.width - 32 } });
    this.scale.on('resize', this.draw, this);
    this.events.once('shutdown', () => {
      this.scale.off('resize', this.draw, this);
      this.gameRenderer?.destroy?.();
      this.controls?.remove();
      this.controls = null;
    });
    void this.fetchReplay(data.id);
  }

  private async fetchReplay(id: string): Promise<void> {
    try {
      if (!currentIdentity()) await ensureIdentity();
      const game = await api<GameReplay>('GET', `/games/${encodeURIComponent(id)}`);
      if (!game.replay || game.replay.frames.length === 0) throw new Error(t('players:replay_view.no_log'));
      this.data$ = game;
      void rememberReplay(game, { en: gameTitleIn('en', game.game), fr: gameTitleIn('fr', game.game) }).catch(() => undefined);
      [this.gameRenderer] = await Promise.all([loadRenderer(game.game), loadGameLocales(game.game)]);
      this.buildControls();
      this.draw();
    } catch (error) {
      this.header.setText(error instanceof Error ? error.message : String(error));
      this.buildBackOnly();
    }
  }

  private buildBackOnly(): void {
    this.mount(el('div', { className: 'jn-bar' }, button(t('players:replay_view.back'), () => this.back(), { secondary: true, testId: 'replay-back' })));
  }

  private buildControls(): void {
    const frames = this.data$!.replay!.frames;
    this.scrub = el('input', { id: 'replay-scrub', type: 'range', min: '0', max: String(frames.length - 1), value: '0' });
    this.scrub.setAttribute('aria-label', t('players:replay_view.position'));
    this.scrub.addEventListener('input', () => this.goTo(Number(this.scrub.value)));
    this.label = el('span', { id: 'replay-position' });
    this.playButton = button(t('players:replay_view.play'), () => this.togglePlay(), { testId: 'replay-play' });
    const speed = el('select', { id: 'replay-speed' });
    speed.setAttribute('aria-label', t('players:replay_view.speed'));
    for (const s of SPEEDS) speed.append(el('option', { value: String(s), textContent: `${s}×`, selected: s === this.speed }));
    speed.addEventListener('change', () => { this.speed = Number(speed.value); });
    const share = el('input', { id: 'replay-link', readOnly: true, size: 40, value: `${window.location.origin}/replay/${this.data$!.id}` });
    share.setAttribute('aria-label', t('players:replay_view.link'));
    this.eventLine = el('div', { id: 'replay-event' });
    const panel = el('div', { className: 'jn-panel jn-replay', id: 'replay-controls' },
      this.eventLine,
      el('div', { className: 'jn-row' },
        button(t('players:replay_view.start'), () => this.goTo(0), { secondary: true, testId: 'replay-first' }),
        button(t('players:replay_view.back_step'), () => this.goTo(this.index - 1), { secondary: true, testId: 'replay-back-step' }),
        this.playButton,
        button(t('players:replay_view.step'), () => this.goTo(this.index + 1), { secondary: true, testId: 'replay-step' }),
        button(t('players:replay_view.end'), () => this.goTo(frames.length - 1), { secondary: true, testId: 'replay-last' }),
        speed, this.label),
      // One wrapping row: side by side on wide and landscape screens, so the game keeps its height.
      el('div', { className: 'jn-row jn-replay-links' }, this.scrub, share, button(t('players:replay_view.back'), () => this.back(), { secondary: true, testId: 'replay-back' })));
    this.mount(panel);
    this.input.keyboard?.on('keydown', (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') this.goTo(this.index + 1);
      else if (e.key === 'ArrowLeft') this.goTo(this.index - 1);
      else if (e.key === ' ') this.togglePlay();
    });
  }

  /** The controls sit in a bar fixed to the bottom of the page, over the canvas. */
  private mount(panel: HTMLElement): void {
    this.controls?.remove();
    this.controls = el('div', { className: 'jn-replay-bar' }, panel);
    document.body.append(this.controls);
  }

  private back(): void {
    window.location.hash = '';
    screens.start('lobby');
  }

  private togglePlay(): void {
    const frames = this.data$?.replay?.frames;
    if (!frames) return;
    if (!this.playing && this.index >= frames.length - 1) this.goTo(0);
    this.playing = !this.playing;
    this.nextAt = performance.now();
    this.playButton.textContent = t(`players:replay_view.${this.playing ? 'pause' : 'play'}`);
  }

  private goTo(index: number): void {
    const frames = this.data$?.replay?.frames;
    if (!frames) return;
    this.index = Math.max(0, Math.min(frames.length - 1, index));
    this.draw();
  }

  override update(now: number): void {
    const frames = this.data$?.replay?.frames;
    if (!this.playing || !frames || now < this.nextAt) return;
    if (this.index >= frames.length - 1) {
      this.togglePlay();
      return;
    }
    const gap = Math.min(MAX_GAP_MS, frames[this.index + 1].t - frames[this.index].t);
    this.goTo(this.index + 1);
    this.nextAt = now + Math.max(60, gap / this.speed);
  }

  private draw(): void {
    const game = this.data$;
    if (!game?.replay) return;
    const frames = game.replay.frames;
    const frame = frames[this.index];
    const names = game.players.map((p) => `${p.name}${frame.active.includes(p.seat) ? ' ◀' : ''}`).join('   ');
    this.header.setText(`${t('players:replay_view.header', { title: gameTitle(game.game), variant: variantName(game.game, game.variant) })}   ·   ${names}`);
    this.header.setWordWrapWidth(this.scale.width - 32);
    this.scrub.value = String(this.index);
    this.label.textContent = t('players:replay_view.position_text', { n: this.index + 1, total: frames.length, clock: clock(frame.t) });
    this.label.dataset.index = String(this.index);
    const own = game.replay.seat;
    const me = own?.seat ?? null;
    const reader: Reader = { mySeat: me, names: new Map(game.players.map((p) => [p.seat, p.name])) };
    const said = (e: { msg?: Msg }) => (e.msg ? formatMsg(e.msg, reader) : undefined);
    const text = [...frame.events].reverse().map(said).find((x) => x);
    const summary = formatMsg(game.summary, reader);
    this.eventLine.textContent = this.index === frames.length - 1 ? `${text ?? ''} — ${summary}` : text ?? (this.index === 0 ? t('players:replay_view.begins') : '');
    // Renderers own the layer's children: they keep their pieces from frame to frame and move them.
    if (!this.gameRenderer) this.layer.removeAll(true);
    const bottom = this.controls?.offsetHeight ? this.controls.offsetHeight + 8 : BOTTOM;
    const top = Math.max(TOP, this.header.height + 20);
    this.layer.setPosition(16, top);
    const seats: SeatInfo[] = game.players.map((p) => ({ seat: p.seat, name: p.name, bot: p.bot, connected: true, me: p.seat === me }));
    const ctx: RenderContext = {
      scene: this, layer: this.layer, width: this.scale.width - 32, height: Math.max(120, this.scale.height - top - bottom - 10),
      mySeat: me, seats, serverNow: () => game.startedAt + frame.t, act: () => undefined, hint: () => undefined,
    };
    const events = this.index === this.drawnIndex + 1 ? frame.events.map(happenedFromEvent) : [];
    this.drawnIndex = this.index;
    if (this.gameRenderer) this.gameRenderer.render(ctx, frame.view, own ? own.views[this.index] : null, events);
    else this.layer.add(this.add.text(0, 0, t('players:replay_view.no_view'), { fontSize: '18px' }));
  }
}

function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
