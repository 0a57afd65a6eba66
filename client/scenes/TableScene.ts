/**
 * The table frame shared by every game: who sits where, whose turn and the one clock, the move
 * log, refusals and notices, the tools (how to play, keys, sound, leave), the waiting room and
 * the result screen. The frame is HTML (client/table/*) laid over the canvas; the empty "stage"
 * cell of that layout is the game area, where the game's renderer (client/games/<game>) draws.
 */
import Phaser from 'phaser';
import { screens } from '../app/screens.js';
import type { Connection, PlayerView, PrivateEvent, TableRoomState } from '../net/connection.js';
import { loadRenderer } from '../games/registry.js';
import type { GameRenderer, RenderContext, SeatInfo } from '../games/renderer.js';
import { catalogue as games } from '../../shared/games/catalogue.js';
import { language, loadGameLocales, onLanguageChanged, t } from '../i18n/index.js';
import { buildFrame, setMode, type FrameDom } from '../table/frameDom.js';
import { frameMode } from '../table/layout.js';
import { clockLabel } from '../table/clockLabel.js';
import { listNames, nameOf, say, type Reader } from '../table/texts.js';
import { readFinal, readPublicLog, said, type Said } from '../table/wire.js';
import { readCheckIn } from '../../shared/wire/table.js';
import { MoveLog } from '../table/moveLog.js';
import { renderPlayers } from '../table/playersPanel.js';
import { Toasts } from '../table/toasts.js';
import { KeysPanel } from '../table/keysPanel.js';
import { confirmDialog } from '../table/confirmDialog.js';
import { waitingPanel } from '../table/waitingRoom.js';
import { follow, friendsError, inviteFriendsBox } from '../lobby/friends.js';

/** A seat taken by a person with a guest identity: "Name#1234" (bots and old seats have no tag). */
const PERSON_NAME = /^.{1,20}#\d{4}$/u;
import { ResultScreen, type ResultRow } from '../table/resultScreen.js';
import { chime, isMuted, setMuted, unlockAudio } from '../table/sound.js';
import { relabel, toolButton } from '../table/tools.js';
import { openHowTo } from '../howto/overlay.js';
import { firstTimeHint } from '../howto/firstTime.js';
import { ChatPanel } from '../table/chatPanel.js';
import { isKidsTable } from '../../shared/chat/catalogue.js';
import { TIP_MS, tipLine } from '../table/firstTip.js';
import { keyHinted } from '../ui/keyHints.js';
import { TextView } from '../table/textView/textView.js';
import { PatchReader } from '../table/patch.js';

const NAME_KEY = 'junction.name';

interface Area { x: number; y: number; width: number; height: number }

export class TableScene extends Phaser.Scene {
  private connection!: Connection;
  private gameRenderer: GameRenderer | null = null;
  private layer!: Phaser.GameObjects.Container;
  private frame!: FrameDom;
  private toasts!: Toasts;
  private chat!: ChatPanel;
  private keys!: KeysPanel;
  private muteButton!: HTMLButtonElement;
  private logToggle!: HTMLButtonElement;
  private moveLog = new MoveLog();
  private hintText = '';
  /** The first-game tip, shown in the status line under the board (never over it) until dismissed. */
  private tipText = '';
  private waitingKey = '';
  private result: ResultScreen | null = null;
  private pendingOffer: { roomId: string; by: number } | null = null;
  private area: Area = { x: 0, y: 0, width: 0, height: 0 };
  private clockText = '';
  private myTurn = false;
  /** Active seats the game waits on for something other than their turn (its seat cues), from the last redraw. */
  private cuedSeats: number[] = [];
  private sawPlaying = false;
  private listenedRoom: unknown = null;
  private dirty = true;
  private rendererRequested = false;
  private dialogOpen = false;
  private textView!: TextView;
  /** The views and log of the latest patch, read once, and the events it brought. */
  private patch!: PatchReader;

  constructor() {
    super('table');
  }

  init(data: { connection: Connection }): void {
    this.connection = data.connection;
  }

  /** The newest toast (browser tests read `scene.toast.visible` and `.text`). */
  get toast(): { visible: boolean; text: string } {
    return this.toasts.latest;
  }

  create(): void {
    this.gameRenderer = null;
    this.rendererRequested = false;
    this.result = null;
    this.pendingOffer = null;
    this.waitingKey = '';
    this.clockText = '';
    this.myTurn = false;
    this.sawPlaying = false;
    this.listenedRoom = null;
    this.hintText = '';
    this.moveLog = new MoveLog();
    this.patch = new PatchReader({
      views: () => this.connection.views(),
      log: () => this.connection.log(),
      viewsStamp: () => {
        const room = this.connection.room;
        if (!room?.state) return '';
        return `${room.roomId}|${room.sessionId}|${room.state.phase}|${room.state.version}|${room.state.players.get(room.sessionId)?.secret !== undefined}`;
      },
    });
    this.layer = this.add.container(0, 0);
    this.buildDom();
    this.hookConnection();

    this.input.keyboard?.on('keydown', (e: KeyboardEvent) => {
      unlockAudio();
      const tag = (e.target as HTMLElement | null)?.tagName;
      // Esc closes the first-game tip and still reaches the table (puts a chosen card back), as a tap
      // anywhere closes it and still plays: the tip covers nothing, so it never keeps a key for itself.
      if (e.key === 'Escape') this.closeTip();
      if (this.dialogOpen || tag === 'INPUT' || tag === 'BUTTON' || tag === 'SELECT' || tag === 'TEXTAREA') return;
      if (this.gameRenderer?.onKey) this.gameRenderer.onKey(this.context(), e.key);
    });
    const unlock = () => { unlockAudio(); this.closeTip(); };
    window.addEventListener('pointerdown', unlock);
    const onResize = () => { this.dirty = true; };
    this.scale.on('resize', onResize);
    const observer = new ResizeObserver(onResize);
    observer.observe(this.frame.stage);
    const offLanguage = onLanguageChanged(() => { this.relabelTools(); this.chat.relabel(); this.waitingKey = ''; this.clockText = ''; this.dirty = true; });
    this.events.once('shutdown', () => {
      this.scale.off('resize', onResize);
      window.removeEventListener('pointerdown', unlock);
      observer.disconnect();
      offLanguage();
      this.frame.root.remove();
      this.toasts.root.remove();
      this.textView.destroy();
    });
  }

  private buildDom(): void {
    this.frame = buildFrame();
    this.toasts = new Toasts();
    const help = toolButton('?', t('common:tools.help'), 'help', () => {
      const state = this.connection.room?.state;
      if (state) openHowTo(this, state.game, state.variant);
    });
    const keysButton = toolButton('⌨', t('common:tools.keys'), 'keys', () => undefined);
    this.keys = new KeysPanel(keysButton);
    this.muteButton = toolButton('', '', 'mute', () => {
      setMuted(!isMuted());
      this.relabelTools();
    });
    this.logToggle = toolButton('☰', t('common:tools.log'), 'log-toggle', () => this.setLogOpen(!this.frame.log.classList.contains('open')));
    const leave = toolButton('⎋', t('common:tools.leave'), 'leave', () => void this.askLeave());
    this.textView = this.buildTextView();
    this.frame.tools.append(help, keysButton, this.textView.toggle, this.muteButton, this.logToggle, leave);
    this.frame.logClose.addEventListener('click', () => this.setLogOpen(false));
    this.frame.root.append(this.keys.root);
    this.chat = new ChatPanel((type, body) => this.connection.send(type, body), (line) => (line.seat === undefined ? t('common:chat.spectator') : line.name));
    this.frame.side.append(this.chat.root);
    this.relabelTools();
    // Toasts stay outside the frame: they also show over the result screen.
    document.body.append(this.frame.root, this.toasts.root);
  }

  /** The table as text for screen readers and the keyboard (client/table/textView), fed from what the frame already reads. */
  private buildTextView(): TextView {
    const view = new TextView({
      game: () => this.connection.room?.state?.game ?? null,
      views: () => (this.connection.room?.state?.phase === 'playing' && this.gameRenderer ? this.patch.read().views : null),
      reader: () => { const r = this.reader(); return { mySeat: r.mySeat, name: (seat) => nameOf(seat, r) }; },
      turn: () => this.clockText,
      hint: () => this.hintText,
      log: () => this.moveLog.all().map((l) => say(l.said, this.reader())),
      unsent: () => this.gameRenderer?.unsent?.() ?? [],
    });
    this.frame.root.prepend(view.skipLink);
    this.frame.root.append(view.root);
    return view;
  }

  private relabelTools(): void {
    const muted = isMuted();
    relabel(this.muteButton, muted ? '⊘' : '♪', t(muted ? 'common:tools.sound_off' : 'common:tools.sound_on'));
    this.muteButton.setAttribute('aria-pressed', String(muted));
    const labels: [string, string, string][] = [['help', '?', 'help'], ['keys', '⌨', 'keys'], ['log-toggle', '☰', 'log'], ['leave', '⎋', 'leave']];
    for (const [id, symbol, key] of labels) {
      const b = this.frame.tools.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`);
      if (b) relabel(b, symbol, t(`common:tools.${key}`));
    }
    this.frame.logTitle.textContent = t('common:log.title');
    this.frame.logClose.setAttribute('aria-label', t('common:tools.close'));
  }

  private setLogOpen(open: boolean): void {
    this.frame.log.classList.toggle('open', open);
    this.logToggle.setAttribute('aria-expanded', String(open));
    if (open) this.frame.logList.lastElementChild?.scrollIntoView({ block: 'end' });
  }

  private hookConnection(): void {
    this.connection.onState = () => { this.patch.changed(); this.dirty = true; };
    this.connection.onRefused = (r: unknown) => {
      this.result?.rematchRefused();
      this.tell(said(r), 'refusal');
    };
    this.connection.onNotice = (m: unknown) => this.tell(said(m), 'notice');
    this.connection.onEvents = (events) => this.addEvents(events);
    this.connection.onChat = (event) => {
      if (event.kind === 'line') this.chat.add(event.line);
      else if (event.kind === 'history') this.chat.history(event.lines);
      else if (event.kind === 'muted') this.chat.muted(event.seat, event.muted);
      else this.chat.setTextOn(event.text);
    };
    let wasDown = false;
    this.connection.onStatus = (s) => {
      if (s === 'reconnecting') this.toasts.show(t('common:net.reconnecting'), 'notice', 6000);
      if (s === 'lost') this.toasts.show(t('common:net.lost'), 'refusal', 60_000);
      if (s === 'taken_over') this.toasts.show(t('common:net.taken_over'), 'refusal', 600_000);
      if (s === 'connected' && wasDown) this.toasts.show(t('common:net.back'), 'notice');
      wasDown = s !== 'connected';
      this.dirty = true;
    };
  }

  /** Rematch offers arrive on the room; a reconnect brings a new room object to listen on. */
  private listenForRematch(): void {
    const room = this.connection.room;
    if (!room || room === this.listenedRoom) return;
    this.listenedRoom = room;
    room.onMessage('rematch', (m: { roomId?: unknown; by?: unknown }) => {
      if (typeof m?.roomId !== 'string' || typeof m.by !== 'number') return;
      if (m.by === this.me()?.seat) return void this.joinRematch(m.roomId);
      this.pendingOffer = { roomId: m.roomId, by: m.by };
      this.dirty = true;
    });
  }

  private tell(s: Said | null, kind: 'refusal' | 'notice'): void {
    if (s && this.connection.room?.state) this.toasts.show(say(s, this.reader()), kind);
  }

  /** Private events (a drawn hand, one's own pick) join the public log as this reader's lines. */
  private addEvents(events: PrivateEvent[]): void {
    if (!Array.isArray(events)) return;
    this.patch.heardPrivately(events);
    for (const e of events) {
      const s = said(e);
      if (s) this.moveLog.add(s, true);
    }
    this.dirty = true;
  }

  override update(): void {
    // A freshly joined room has no state until its first patch arrives.
    if (!this.connection.room?.state?.game) return;
    this.listenForRematch();
    // The players panel first: it decides which active seats are only cued (Took Over!'s taker), and
    // the clock drawn from the previous patch's cues said "À vous" for a frame after the turn passed.
    if (this.dirty) {
      this.dirty = false;
      this.redraw();
    }
    this.drawClock();
    this.textView.refresh();
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
    return this.connection.room?.state.players.get(this.connection.sessionId);
  }

  private reader(): Reader {
    const me = this.me();
    return { mySeat: me ? me.seat : null, names: new Map(this.players().map((p) => [p.seat, p.name])) };
  }

  private context(): RenderContext {
    const me = this.me();
    const seats: SeatInfo[] = this.players().map((p) => ({ seat: p.seat, name: p.name, bot: p.bot, connected: p.connected, me: p === me }));
    return {
      scene: this,
      layer: this.layer,
      width: this.area.width,
      height: this.area.height,
      mySeat: me ? me.seat : null,
      seats,
      frameClock: true,
      serverNow: () => this.connection.clock.serverNow(),
      act: (action, predict) => { this.connection.act(action, predict); },
      hint: (text) => { this.hintText = keyHinted(text); this.drawStatus(); },
    };
  }

  /** The stage cell's box in canvas pixels, inside its highlight border and a margin (a card at the edge was cut by the border). */
  private measureArea(): void {
    const stage = this.frame.stage.getBoundingClientRect();
    const canvas = this.game.canvas.getBoundingClientRect();
    const border = 3 + 3;
    this.area = {
      x: Math.round(stage.left - canvas.left + border),
      y: Math.round(stage.top - canvas.top + border),
      width: Math.max(0, Math.floor(stage.width - 2 * border)),
      height: Math.max(0, Math.floor(stage.height - 2 * border)),
    };
    this.layer.setPosition(this.area.x, this.area.y);
  }

  private redraw(): void {
    const state = this.state();
    setMode(this.frame, frameMode(window.innerWidth, window.innerHeight));
    if (!this.rendererRequested) {
      // The game's chunk (renderer, its rules, its texts) loads when its table first draws.
      this.rendererRequested = true;
      void Promise.all([loadRenderer(state.game), loadGameLocales(state.game)]).then(([renderer]) => {
        this.gameRenderer = renderer;
        this.dirty = true;
      });
    }
    this.drawTitle();
    this.drawPlayers();
    this.drawLog();
    this.keys.update(this.gameRenderer?.keysHelp);
    this.measureArea();
    const below = `${Math.round(this.frame.title.parentElement!.getBoundingClientRect().bottom) + 6}px`;
    this.frame.root.style.setProperty('--below-top', below);
    this.toasts.root.style.setProperty('--below-top', below);
    if (state.phase === 'waiting') this.showWaiting();
    else this.hideWaiting();
    // The tip is in the game's own texts: wait until they have loaded (a table that starts at once,
    // like a tournament's, reached here first and showed the raw key `first_hint`).
    if (state.phase !== 'waiting' && !this.sawPlaying && this.me() && this.gameRenderer) {
      this.sawPlaying = true;
      const hint = firstTimeHint(state.game);
      if (hint) {
        this.tipText = hint;
        window.setTimeout(() => this.closeTip(), TIP_MS);
      }
    }
    const views = state.phase !== 'waiting' ? this.patch.read().views : null;
    if (views && !this.result && this.gameRenderer) {
      // Renderers own the layer's children: they keep pieces between changes and move them as the events say.
      this.gameRenderer.render(this.context(), views.publicView, views.seatView, this.patch.takeEvents());
    }
    this.drawStatus();
    if (state.phase === 'finished') this.showResult();
  }

  private drawTitle(): void {
    const state = this.state();
    const title = games.find((g) => g.id === state.game)?.title ?? state.game;
    const small = document.createElement('small');
    small.textContent = [t(`common:variant.${state.variant}`, { defaultValue: state.variant.replace(/_/g, ' ') }), state.code ? t('common:frame.code', { code: state.code }) : ''].filter(Boolean).join(' · ');
    this.frame.title.replaceChildren(title, small);
  }

  /** Follow a player from the players panel by their name#tag (issue 29). */
  private followSeat(name: string): void {
    follow({ name }).then((who) => this.toasts.show(t('lobby:friends.followed', { name: who.display }), 'notice'),
      (error: unknown) => this.toasts.show(friendsError(error), 'notice'));
  }

  private drawPlayers(): void {
    const state = this.state();
    const me = this.me();
    const active = new Set(state.phase === 'playing' ? state.active : []);
    const views = state.phase === 'playing' ? this.patch.read().views : null;
    const cues = views ? this.gameRenderer?.seatCues?.(views.publicView) : undefined;
    this.cuedSeats = [...(cues?.keys() ?? [])];
    const rows = this.players().map((p) => ({
      seat: p.seat, name: p.name, bot: p.bot, connected: p.connected, host: p.host, me: p === me, active: active.has(p.seat), cue: cues?.get(p.seat),
      follow: p !== me && !p.bot && PERSON_NAME.test(p.name) ? () => this.followSeat(p.name) : undefined,
    }));
    renderPlayers(this.frame.players, rows, state.spectators);
    this.chat.mySeat = me?.seat ?? null;
    this.chat.showHostSwitch(me?.host === true && state.code !== '' && !isKidsTable(state.game, state.variant));
  }

  private drawLog(): void {
    this.moveLog.syncPublic(readPublicLog(this.patch.read().log));
    const reader = this.reader();
    const lines = this.moveLog.all();
    const list = this.frame.logList;
    const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    const items = lines.map((l) => {
      const li = document.createElement('li');
      li.textContent = say(l.said, reader);
      if (l.private) li.className = 'private';
      return li;
    });
    if (items.length === 0) items.push(Object.assign(document.createElement('li'), { textContent: t('common:log.empty') }));
    if (list.childElementCount === items.length && Array.from(list.children).every((c, i) => c.textContent === items[i].textContent)) return;
    list.replaceChildren(...items);
    if (atBottom) list.scrollTop = list.scrollHeight;
  }

  private drawStatus(): void {
    if (!this.frame || !this.connection.room?.state) return;
    const parts: HTMLElement[] = [];
    // The first-game tip has the status line to itself while it shows (it says what to do first);
    // the game's hint and the latest move come back when it closes.
    if (this.tipText) parts.push(tipLine(this.tipText, () => this.closeTip()));
    if (this.hintText && !this.tipText) parts.push(Object.assign(document.createElement('div'), { textContent: this.hintText }));
    // On phones the log hides behind a button: the latest line stays in view here.
    const latest = this.moveLog.all().at(-1);
    if (this.frame.root.dataset.mode !== 'wide' && latest && !this.tipText) {
      parts.push(Object.assign(document.createElement('div'), { className: 'latest', textContent: say(latest.said, this.reader()) }));
    }
    const status = this.frame.status;
    if (status.childElementCount === parts.length && Array.from(status.children).every((c, i) => c.textContent === parts[i].textContent)) return;
    status.replaceChildren(...parts);
  }

  private closeTip(): void {
    if (!this.tipText) return;
    this.tipText = '';
    this.drawStatus();
  }

  private drawClock(): void {
    const state = this.state();
    const me = this.me();
    const label = clockLabel({
      game: state.game, phase: state.phase, deadline: state.deadline, autoStartAt: state.autoStartAt, checkIn: readCheckIn(state),
      active: [...state.active], cued: this.cuedSeats, mySeat: me ? me.seat : null, now: this.connection.clock.serverNow(),
    });
    let text = '';
    if (label) {
      const reader = this.reader();
      const names = (label.names ?? []).map((s) => reader.names.get(s) ?? t('common:seat_n', { n: s + 1 }));
      text = t(label.msg.key, { ...label.msg.params, name: names[0], names: listNames(names, language()) });
    }
    if (text !== this.clockText) {
      this.clockText = text;
      this.frame.clock.textContent = text;
    }
    const mine = label?.mine === true && state.phase === 'playing';
    if (mine !== this.myTurn) {
      this.myTurn = mine;
      this.frame.clock.classList.toggle('mine', mine);
      this.frame.stage.classList.toggle('mine', mine);
      if (mine) chime();
    }
  }

  private showWaiting(): void {
    const state = this.state();
    const info = {
      taken: state.players.size, seats: state.seats, code: state.code, isHost: this.me()?.host === true,
      botSeats: this.players().filter((p) => p.bot).map((p) => p.seat), checkIn: readCheckIn(state) !== null,
    };
    const key = JSON.stringify(info);
    if (key === this.waitingKey) return;
    this.waitingKey = key;
    this.frame.stageContent.replaceChildren(waitingPanel(info, {
      send: (type, message) => this.connection.send(type, message),
      leave: () => void this.askLeave(),
      told: (text) => this.toasts.show(text, 'notice'),
      inviteFriends: (full) => inviteFriendsBox(this.connection.room?.roomId ?? '', (text) => this.toasts.show(text, 'notice'), full),
    }));
  }

  private hideWaiting(): void {
    if (!this.waitingKey) return;
    this.waitingKey = '';
    this.frame.stageContent.replaceChildren();
  }

  private showResult(): void {
    if (!this.result) {
      const state = this.state();
      const result = readFinal(state);
      if (!result) return;
      const reader = this.reader();
      const me = this.me();
      const rows: ResultRow[] = result.seats.map((s) => ({ ...s, name: reader.names.get(s.seat) ?? t('common:seat_n', { n: s.seat + 1 }), me: s.seat === me?.seat }));
      this.result = new ResultScreen(rows, result.summary ? say(result.summary, reader) : '', me !== undefined, {
        rematch: () => this.connection.send('rematch'),
        back: () => void this.leaveFor('lobby', {}),
        replay: () => void this.leaveFor('replay', { id: this.connection.room?.roomId }),
        profile: () => void this.leaveFor('players', { view: 'profile' }),
      });
      // The result stands alone: neither the frame nor the table shows around or through it.
      this.frame.root.style.display = 'none';
      this.cameras.main.setVisible(false);
      document.body.append(this.result.root);
      this.result.takeFocus();
      this.events.once('shutdown', () => this.result?.root.remove());
    }
    if (this.pendingOffer) {
      const offer = this.pendingOffer;
      this.pendingOffer = null;
      const name = this.reader().names.get(offer.by) ?? t('common:seat_n', { n: offer.by + 1 });
      this.result.showOffer(name, () => void this.joinRematch(offer.roomId));
    }
  }

  private async askLeave(): Promise<void> {
    const state = this.connection.room?.state;
    if (!state || state.phase === 'finished' || !this.me()) return this.leaveFor('lobby', {});
    const when = state.phase === 'waiting' ? 'waiting' : 'playing';
    this.dialogOpen = true;
    const sure = await confirmDialog(this.frame.root, {
      title: t(`common:leave.title_${when}`), body: t(`common:leave.body_${when}`),
      confirm: t(when === 'playing' ? 'common:leave.confirm_playing' : 'common:leave.confirm'), cancel: t('common:leave.cancel'),
    }, 'leave');
    this.dialogOpen = false;
    if (sure) await this.leaveFor('lobby', {});
  }

  private async joinRematch(roomId: string): Promise<void> {
    await this.connection.leave();
    this.gameRenderer?.destroy?.();
    try {
      const name = localStorage.getItem(NAME_KEY) ?? undefined;
      await this.connection.joinById(roomId, name ? { name } : {});
      this.scene.restart({ connection: this.connection });
    } catch (error) {
      this.toasts.show(error instanceof Error ? error.message : String(error));
      screens.start('lobby');
    }
  }

  private async leaveFor(scene: string, data: Record<string, unknown>): Promise<void> {
    await this.connection.leave();
    this.gameRenderer?.destroy?.();
    screens.start(scene, data);
  }
}
