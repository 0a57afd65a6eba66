/**
 * The lobby: the gallery of games, the chosen game's variants and room options (Quick play,
 * Create private table), Join by code, the live list of public tables (Join / Watch), your name
 * (typed once, remembered) and the language switch. Invite links (`?join=CODE`) go straight to
 * the table. The pieces live in client/lobby/.
 */
import { DomScreen, screens } from '../app/screens.js';
import { findMeta as findGame } from '../../shared/games/catalogue.js';
import { Connection } from '../net/connection.js';
import { button, el } from '../ui/dom.js';
import { claim, ensureIdentity } from '../net/identity.js';
import { onLanguageChanged, t } from '../i18n/index.js';
import { openScreen } from '../lobby/screen.js';
import { gallery } from '../lobby/gallery.js';
import { gamePanel, type Choice } from '../lobby/gamePanel.js';
import { joinBox } from '../lobby/joinBox.js';
import { TableList } from '../lobby/tables.js';
import { languageSwitch } from '../lobby/language.js';
import { displaySettings } from '../lobby/displaySettings.js';
import { knownName, rememberedName, useName } from '../lobby/name.js';
import { takeInviteCode } from '../lobby/invite.js';
import { roomOfCode } from '../lobby/codeLookup.js';
import { askName } from '../lobby/askName.js';
import { YourGames } from '../lobby/yourGames.js';
import { notificationSettings } from '../lobby/notificationSettings.js';
import { FriendsPanel } from '../lobby/friends.js';

/**
 * Client routes live in the hash (/#/replay/<id>); the server redirects /replay/<id> there.
 * `#/table/<id>` is what a "your turn" push opens (client/pwa/serviceWorker.ts): the player's seat there;
 * `#/invite/<id>` what an invitation's push opens: the lobby with that invitation's Sit down.
 */
type Route = { scene: 'replay'; id: string } | { scene: 'profile'; id: string } | { scene: 'leaderboard'; game: string } | { scene: 'claim'; code: string }
  | { scene: 'table'; id: string } | { scene: 'invite'; id: string } | null;

function route(): Route {
  const m = /^#\/(replay|profile|leaderboards|claim|table|invite)\/([A-Za-z0-9_-]{1,64})$/.exec(window.location.hash);
  if (!m) return null;
  if (m[1] === 'table') return { scene: 'table', id: m[2] };
  if (m[1] === 'invite') return { scene: 'invite', id: m[2] };
  if (m[1] === 'replay') return { scene: 'replay', id: m[2] };
  if (m[1] === 'profile') return { scene: 'profile', id: m[2] };
  if (m[1] === 'leaderboards') return { scene: 'leaderboard', game: m[2] };
  return { scene: 'claim', code: m[2] };
}

export class LobbyScene extends DomScreen {
  private root!: HTMLDivElement;
  private errorEl!: HTMLDivElement;
  private tables: TableList | null = null;
  private yours: YourGames | null = null;
  private friends: FriendsPanel | null = null;
  private connection!: Connection;
  private choice: Choice | null = null;
  private name = '';
  private busy = false;

  constructor() {
    super('lobby');
  }

  async create(): Promise<void> {
    this.tables = null;
    this.choice = null;
    this.busy = false;
    const next = route();
    if (next?.scene === 'replay') return void this.scene.start('replay', { id: next.id });
    if (next?.scene === 'profile') return void this.scene.start('players', { view: 'profile', id: next.id });
    if (next?.scene === 'leaderboard') return void this.scene.start('players', { view: 'leaderboard', game: next.game });
    let startError = '';
    if (next?.scene === 'claim') {
      window.location.hash = '';
      try {
        await claim(next.code);
        return void this.scene.start('players', { view: 'profile' });
      } catch (error) {
        startError = error instanceof Error ? error.message : String(error);
      }
    }
    const hadInvite = new URL(window.location.href).searchParams.has('join');
    const invite = takeInviteCode();
    if (hadInvite && !invite) startError = t('lobby:join.bad');
    this.connection = new Connection();
    if (await this.connection.resume()) {
      this.scene.start('table', { connection: this.connection });
      return;
    }
    this.root = openScreen(this, 'lobby');
    this.errorEl = el('div', { className: 'jn-error', role: 'alert', id: 'lobby-error' });
    const offLanguage = onLanguageChanged(() => this.draw());
    // A click on a push while this page shows the lobby (the service worker navigates it to #/table/<id>).
    const onHash = (): void => {
      const next = route();
      if (next?.scene === 'table') this.openTable(next.id);
      if (next?.scene === 'invite') this.openInvite(next.id);
    };
    window.addEventListener('hashchange', onHash);
    this.events.once('shutdown', () => {
      window.removeEventListener('hashchange', onHash);
      offLanguage();
      this.tables?.stop();
      this.tables = null;
      this.friends?.stop();
      this.friends = null;
    });
    this.name = rememberedName();
    if (invite) {
      if (this.name) return void this.joinInvite(invite, this.name);
      // A code that leads nowhere is said before anyone is asked for a name.
      let roomId: string;
      try {
        roomId = await roomOfCode(invite);
      } catch (error) {
        return this.openLobby(error instanceof Error ? error.message : String(error));
      }
      this.root.replaceChildren(askName(invite, await knownName(), (name) => void this.joinInvite(invite, name, roomId)));
      return;
    }
    this.openLobby(startError);
    if (next?.scene === 'table') this.openTable(next.id);
    if (next?.scene === 'invite') this.openInvite(next.id);
  }

  /** The lobby's invitation, its Sit down focused (or word that it is gone). */
  private openInvite(id: string): void {
    window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
    void ensureIdentity().then(() => this.friends?.show(id), () => undefined);
  }

  /** Back to one's seat at a table (a turn-based one may sleep: YourGames wakes it first). */
  private openTable(id: string): void {
    window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
    void this.yours?.open(id);
  }

  private openLobby(message = ''): void {
    this.tables = new TableList({
      join: (roomId) => this.go(() => this.connection.joinById(roomId, this.joinOpts())),
      watch: (roomId) => this.go(() => this.connection.joinById(roomId, { spectator: true }), false),
    });
    void this.tables.watch(this.connection.client);
    this.yours = new YourGames({
      resume: (roomId) => this.go(() => this.connection.retake(roomId)),
      replay: (id) => this.scene.start('replay', { id }),
    });
    void this.yours.load();
    this.friends = new FriendsPanel({
      sitDown: (roomId) => new Promise<void>((resolve) => this.go(async () => { await this.connection.joinById(roomId, this.joinOpts()); resolve(); })),
      join: (roomId) => this.go(() => this.connection.joinById(roomId, this.joinOpts())),
      watch: (roomId) => this.go(() => this.connection.joinById(roomId, { spectator: true }), false),
      profile: (id) => this.scene.start('players', { view: 'profile', id }),
    });
    // The identity first: a new visitor's friends list and invitations need its token.
    void ensureIdentity().then(() => this.friends?.start(), () => undefined);
    this.draw();
    this.errorEl.textContent = message;
    if (!this.name) {
      void knownName().then((n) => {
        const input = document.getElementById('name') as HTMLInputElement | null;
        if (input && !input.value) input.value = this.name = n;
      }).catch(() => undefined);
    }
    void ensureIdentity().catch((error: unknown) => { this.errorEl.textContent = t('lobby:errors.server', { error: String(error) }); });
  }

  /** `roomId`: the code's table, when it was looked up already (before asking the name). */
  private joinInvite(code: string, name: string, roomId?: string): void {
    this.name = name;
    this.root.replaceChildren(el('p', { className: 'jn-muted', textContent: t('lobby:invite.joining', { code }) }), this.errorEl);
    this.go(async () => this.connection.joinById(roomId ?? await roomOfCode(code), this.joinOpts()), true, () => this.openLobby(this.errorEl.textContent ?? ''));
  }

  /** The whole screen, drawn again on a language change (what was chosen is kept). */
  private draw(): void {
    if (!this.tables) return;
    const name = el('input', { id: 'name', maxLength: 24, value: this.name, autocomplete: 'nickname' as AutoFill, placeholder: t('lobby:name_placeholder') });
    name.setAttribute('aria-label', t('lobby:name_label'));
    name.addEventListener('input', () => { this.name = name.value; });
    name.addEventListener('change', () => { if (name.value.trim()) void useName(name.value).catch(() => undefined); });
    // A chosen game's table is likely next: fetch Phaser and the table now, so it opens at once.
    if (this.choice) screens.prefetchDrawn();
    const main = this.choice
      ? gamePanel(this.choice, {
        back: () => { this.choice = null; this.draw(); },
        howto: (game, variant) => this.howto(game, variant),
        quickPlay: (game, options) => this.go(() => this.connection.quickPlay(game, { ...this.joinOpts(), ...options })),
        createPrivate: (game, options) => this.go(() => this.connection.createPrivate(game, { ...this.joinOpts(), ...options })),
        redraw: () => this.draw(),
        error: (m) => this.showError(m),
      })
      : gallery({
        choose: (gameId) => {
          this.choice = { gameId, variant: findGame(gameId)!.defaultVariant, changed: {} };
          this.draw();
          this.root.parentElement?.scrollTo({ top: 0 });
        },
        howto: (gameId) => this.howto(gameId, findGame(gameId)!.defaultVariant),
      });
    this.tables.render();
    this.yours?.render();
    this.friends?.render();
    this.root.replaceChildren(
      el('header', { className: 'jn-head' },
        el('div', {}, el('h1', { textContent: t('lobby:title') }), el('div', { className: 'jn-muted', textContent: t('lobby:tagline') })),
        languageSwitch()),
      el('div', { className: 'jn-row jn-me' },
        el('label', { className: 'jn-option', htmlFor: 'name' }, el('span', { textContent: t('lobby:name_label') }), name),
        el('nav', { className: 'jn-row' },
          button(t('lobby:nav.tournaments'), () => this.scene.start('tournaments'), { secondary: true, testId: 'tournaments' }),
          button(t('lobby:nav.profile'), () => this.scene.start('players', { view: 'profile' }), { secondary: true, testId: 'profile' }),
          button(t('lobby:nav.leaderboards'), () => this.scene.start('players', { view: 'leaderboard' }), { secondary: true, testId: 'leaderboards' }))),
      this.errorEl,
      ...(this.friends ? [this.friends.invitesElement] : []),
      ...(this.yours ? [this.yours.element] : []),
      main,
      joinBox((code) => this.go(async () => this.connection.joinById(await roomOfCode(code), this.joinOpts())), (m) => this.showError(m)),
      ...(this.friends ? [this.friends.element] : []),
      this.tables.element,
      displaySettings(),
      notificationSettings(),
    );
  }

  private showError(message: string): void {
    this.errorEl.textContent = message;
    this.errorEl.scrollIntoView?.({ block: 'nearest' });
  }

  private howto(game: string, variant: string): void {
    this.scene.start('howto', { game, variant });
  }

  private joinOpts(): { name?: string } {
    const n = this.name.trim();
    return n ? { name: n } : {};
  }

  /** Take the seat (as this browser's identity, under the typed name), then open the table. */
  private go(attempt: () => Promise<void>, asPlayer = true, onFail?: () => void): void {
    if (this.busy) return;
    this.busy = true;
    this.errorEl.textContent = '';
    void (async () => {
      try {
        if (asPlayer) await useName(this.name);
        await attempt();
        this.scene.start('table', { connection: this.connection });
      } catch (error) {
        this.busy = false;
        this.showError(error instanceof Error ? error.message : String(error));
        onFail?.();
      }
    })();
  }
}
