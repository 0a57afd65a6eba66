/**
 * The table frame shared by every game: who sits where, whose turn, the clock, what just
 * happened, why a move was refused, the waiting room (host controls, share code) and the result
 * screen. The game itself is drawn by its renderer (client/games/<game>) from the synced views.
 */
import Phaser from 'phaser';
import type { Connection, PlayerView, TableRoomState } from '../net/connection.js';
import { renderers } from '../games/registry.js';
import type { GameRenderer, RenderContext, SeatInfo } from '../games/renderer.js';
import { games } from '../../shared/games/registry.js';
import { button, el } from '../ui/dom.js';
import { readResult } from '../../shared/wire/table.js';

const TOP = 64;
const SIDE = 190;
const BOTTOM = 54;

export class TableScene extends Phaser.Scene {
  private connection!: Connection;
  private gameRenderer: GameRenderer | null = null;
  private layer!: Phaser.GameObjects.Container;
  private header!: Phaser.GameObjects.Text;
  private clockText!: Phaser.GameObjects.Text;
  private playersText!: Phaser.GameObjects.Text;
  private status!: Phaser.GameObjects.Text;
  private toast!: Phaser.GameObjects.Text;
  private hintText = '';
  private waitingDom: Phaser.GameObjects.DOMElement | null = null;
  private resultDom: Phaser.GameObjects.DOMElement | null = null;
  private toastTimer: Phaser.Time.TimerEvent | null = null;
  private dirty = true;

  constructor() {
    super('table');
  }

  init(data: { connection: Connection }): void {
    this.connection = data.connection;
  }

  create(): void {
    this.gameRenderer = null;
    this.layer = this.add.container(SIDE, TOP);
    const style = { fontFamily: 'system-ui, sans-serif', color: '#f2f2f2' };
    this.header = this.add.text(12, 8, '', { ...style, fontSize: '20px', fontStyle: 'bold' });
    this.clockText = this.add.text(12, 36, '', { ...style, fontSize: '16px', color: '#f2c14e' });
    this.playersText = this.add.text(12, TOP + 4, '', { ...style, fontSize: '15px', lineSpacing: 6, wordWrap: { width: SIDE - 20 } });
    this.status = this.add.text(12, 0, '', { ...style, fontSize: '16px', wordWrap: { width: 900 } });
    this.toast = this.add.text(0, 0, '', { ...style, fontSize: '18px', backgroundColor: '#8a2b2b', padding: { x: 12, y: 8 } })
      .setOrigin(0.5, 0).setDepth(10).setVisible(false);

    this.connection.onState = () => { this.dirty = true; };
    this.connection.onRefused = (r) => this.showToast(this.named(r.message));
    this.connection.onNotice = (m) => this.showToast(this.named(m), '#2b5d8a');
    this.connection.onEvents = () => { this.dirty = true; };
    this.connection.onStatus = (s) => {
      if (s === 'reconnecting') this.showToast('Connection lost — reconnecting…', '#2b5d8a');
      if (s === 'lost') this.showToast('Could not reconnect. Reload to return to the lobby.');
      if (s === 'connected') this.dirty = true;
    };
    this.input.keyboard?.on('keydown', (e: KeyboardEvent) => {
      if ((e.target as HTMLElement | null)?.tagName === 'INPUT') return;
      if (this.gameRenderer?.onKey) this.gameRenderer.onKey(this.context(), e.key);
    });
    this.scale.on('resize', this.onResize, this);
    this.events.once('shutdown', () => this.scale.off('resize', this.onResize, this));
  }

  override update(): void {
    // A freshly joined room has no state until its first patch arrives.
    if (!this.connection.room?.state?.game) return;
    this.drawClock();
    if (!this.dirty) return;
    this.dirty = false;
    this.redraw();
  }

  private onResize(): void {
    this.dirty = true;
  }

  private state(): TableRoomState {
    return this.connection.room!.state;
  }

  private players(): PlayerView[] {
    const list: PlayerView[] = [];
    this.state().players.forEach((p) => list.push(p));
    return list.sort((a, b) => a.seat - b.seat);
  }

  private me(): PlayerView | undefined {
    return this.state().players.get(this.connection.sessionId);
  }

  private context(): RenderContext {
    const me = this.me();
    const seats: SeatInfo[] = this.players().map((p) => ({ seat: p.seat, name: p.name, bot: p.bot, connected: p.connected, me: p === me }));
    return {
      scene: this,
      layer: this.layer,
      width: this.scale.width - SIDE - 12,
      height: this.scale.height - TOP - BOTTOM,
      mySeat: me ? me.seat : null,
      seats,
      serverNow: () => this.connection.clock.serverNow(),
      act: (action, predict) => { this.connection.act(action, predict); },
      hint: (text) => { this.hintText = text; this.drawStatus(); },
    };
  }

  private redraw(): void {
    const state = this.state();
    this.gameRenderer ??= renderers[state.game]?.() ?? null;
    const title = games.find((g) => g.id === state.game)?.title ?? state.game;
    const code = state.code ? `   ·   code ${state.code}` : '';
    this.header.setText(`${title} — ${state.variant.replace('_', ' ')}${code}`);
    this.drawPlayers();
    this.drawStatus();
    this.toast.setPosition(this.scale.width / 2, TOP);
    if (state.phase === 'waiting') this.showWaiting();
    else this.hideWaiting();
    const views = state.phase !== 'waiting' ? this.connection.views() : null;
    if (views) {
      // Each renderer owns its children: it creates them once, updates them and destroys them in destroy().
      if (this.gameRenderer) this.gameRenderer.render(this.context(), views.publicView, views.seatView);
      else this.layer.add(this.add.text(0, 0, 'This game has no table view yet.', { fontSize: '18px' }));
    }
    if (state.phase === 'finished') this.showResult();
  }

  private drawPlayers(): void {
    const state = this.state();
    const active = new Set(state.active);
    const result = readResult(state.result);
    const lines = this.players().map((p) => {
      const marks = [p.host ? '♔' : '', p.bot ? '[bot]' : '', p.connected || p.bot ? '' : '[away]'].filter(Boolean).join(' ');
      const turn = active.has(p.seat) ? '▶ ' : '   ';
      const you = p.seat === this.me()?.seat ? ' (you)' : '';
      const score = result ? `  ${result.seats.find((s) => s.seat === p.seat)?.score ?? ''}` : '';
      return `${turn}${p.seat + 1}. ${p.name}${you} ${marks}${score}`;
    });
    if (state.spectators > 0) lines.push('', `${state.spectators} watching`);
    this.playersText.setText(lines.join('\n'));
  }

  private drawStatus(): void {
    const state = this.state();
    const activeNames = this.players().filter((p) => state.active.includes(p.seat)).map((p) => (p.seat === this.me()?.seat ? 'you' : p.name));
    const turn = state.phase === 'playing' && activeNames.length > 0 ? `Waiting for ${activeNames.join(', ')}. ` : '';
    const help = this.gameRenderer?.keysHelp ? `   Keys: ${this.gameRenderer.keysHelp}` : '';
    this.status.setPosition(12, this.scale.height - BOTTOM + 6).setWordWrapWidth(this.scale.width - 24);
    this.status.setText(`${turn}${state.lastEvent ? `Last: ${this.named(state.lastEvent)}` : ''}\n${this.hintText}${help}`);
  }

  private drawClock(): void {
    const room = this.connection.room;
    if (!room) return;
    const state = room.state;
    const now = this.connection.clock.serverNow();
    const target = state.phase === 'waiting' ? state.autoStartAt : state.deadline;
    if (!target) return void this.clockText.setText(state.phase === 'waiting' ? 'Waiting for players' : '');
    const seconds = Math.max(0, Math.ceil((target - now) / 1000));
    this.clockText.setText(state.phase === 'waiting' ? `Bots fill empty seats in ${seconds}s` : `Clock: ${seconds}s`);
  }

  /** Engines name seats ("Seat 2"); players read names ("Bo", "you"). */
  private named(text: string): string {
    const me = this.me()?.seat;
    const names = new Map(this.players().map((p) => [p.seat, p.name]));
    return text.replace(/\bSeat (\d+)(?:'s)?/g, (whole, n: string, at: number) => {
      const seat = Number(n) - 1;
      const possessive = whole.endsWith("'s");
      const starts = at === 0 || /[.!?:]\s$/.test(text.slice(0, at));
      if (seat === me) return `${starts ? 'Y' : 'y'}ou${possessive ? 'r' : ''}`;
      const name = names.get(seat);
      return name ? `${name}${possessive ? "'s" : ''}` : whole;
    });
  }

  private showToast(message: string, colour = '#8a2b2b'): void {
    this.toast.setText(message).setBackgroundColor(colour).setVisible(true).setPosition(this.scale.width / 2, TOP);
    this.toastTimer?.remove();
    this.toastTimer = this.time.delayedCall(3500, () => this.toast.setVisible(false));
  }

  private showWaiting(): void {
    const state = this.state();
    const isHost = this.me()?.host === true;
    const panel = el('div', { className: 'jn-panel' },
      el('div', { textContent: `${state.players.size} of ${state.seats} seats taken.` }),
      state.code ? el('div', { textContent: `Share this code with your friends: ${state.code}`, id: 'table-code' }) : el('div'),
    );
    if (isHost) {
      panel.append(el('div', { className: 'jn-bar' },
        button('Add bot', () => this.connection.send('add_bot', { level: 'easy' }), { testId: 'add-bot' }),
        button('Add strong bot', () => this.connection.send('add_bot', { level: 'hard' }), { secondary: true }),
        button('Remove a bot', () => {
          const bot = this.players().filter((p) => p.bot).pop();
          if (bot) this.connection.send('remove_bot', { seat: bot.seat });
        }, { secondary: true }),
        button('Start (bots fill empty seats)', () => this.connection.send('start'), { testId: 'start' })));
    } else {
      panel.append(el('div', { textContent: 'The host starts the game.' }));
    }
    panel.append(el('div', { className: 'jn-bar' }, button('Leave table', () => void this.backToLobby(), { secondary: true })));
    this.waitingDom?.destroy();
    this.waitingDom = this.add.dom(SIDE + 20, TOP + 10, panel).setOrigin(0, 0);
  }

  private hideWaiting(): void {
    this.waitingDom?.destroy();
    this.waitingDom = null;
  }

  private showResult(): void {
    if (this.resultDom) return;
    const state = this.state();
    const result = readResult(state.result);
    if (!result) return;
    const names = new Map(this.players().map((p) => [p.seat, p.name]));
    const rows = [...result.seats].sort((a, b) => a.place - b.place)
      .map((s) => el('div', { textContent: `${s.place}. ${names.get(s.seat) ?? `Seat ${s.seat + 1}`} — ${s.score}` }));
    const panel = el('div', { className: 'jn-panel', id: 'result' },
      el('h1', { textContent: 'Game over' }), el('div', { textContent: String(result.summary) }), ...rows,
      el('div', { className: 'jn-bar' }, button('Back to lobby', () => void this.backToLobby(), { testId: 'back-to-lobby' }),
        button('Watch the replay', () => void this.leaveFor('replay', { id: this.connection.room?.roomId }), { secondary: true, testId: 'watch-replay' }),
        button('My profile', () => void this.leaveFor('players', { view: 'profile' }), { secondary: true, testId: 'result-profile' })));
    panel.style.background = '#1d2330ee';
    panel.style.padding = '16px';
    panel.style.borderRadius = '12px';
    this.resultDom = this.add.dom(this.scale.width / 2, TOP + 20, panel).setOrigin(0.5, 0).setDepth(20);
  }

  private async leaveFor(scene: string, data: Record<string, unknown>): Promise<void> {
    await this.connection.leave();
    this.gameRenderer?.destroy?.();
    this.scene.start(scene, data);
  }

  private async backToLobby(): Promise<void> {
    await this.connection.leave();
    this.gameRenderer?.destroy?.();
    this.scene.start('lobby');
  }
}
