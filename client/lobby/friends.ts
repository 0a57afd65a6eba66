/**
 * Friends in the lobby (issue 29): invitations to a friend's private table (Sit down, Decline; a
 * new one while the page is in the background is also a notification, client/lobby/inviteAlerts.ts),
 * then the players you follow — online or not, at which table (Join a public table with a free
 * seat, Watch a public game), their last results — with Unfollow, and a box to follow someone by
 * name#tag. Invitations are read again every few seconds, the list less often
 * (docs/protocol.md "Friends").
 */
import { api, identityToken } from '../net/identity.js';
import { language, t } from '../i18n/index.js';
import { button, el } from '../ui/dom.js';
import { gameTitle } from './names.js';
import { InviteAlerts } from './inviteAlerts.js';

export interface FriendIdentity { id: string; name: string; tag: string; display: string }
export interface FriendTable { roomId: string | null; game: string; variant: string; phase: string; seats: number; free: number; private: boolean; action: 'join' | 'watch' | null }
export interface Friend {
  identity: FriendIdentity; since: number; online: boolean; table: FriendTable | null;
  recent: { id: string; game: string; finishedAt: number; place: number; seats: number; status: string }[];
}
export interface FriendsList { follows: Friend[]; blocks: { identity: FriendIdentity }[]; limits: { follows: number; blocks: number; invites: number } }
export interface Invite { id: string; from: FriendIdentity; roomId: string; game: string; createdAt: number; expiresAt: number }

export interface FriendsActions { sitDown(roomId: string): Promise<void>; join(roomId: string): void; watch(roomId: string): void; profile(id: string): void }

const INVITES_MS = 4_000;
const LIST_MS = 20_000;

/** A refusal from /api/friends in the reader's language (server:error.<code>), else its English text. */
export function friendsError(error: unknown): string {
  const e = error as { code?: string; params?: Record<string, unknown>; message?: string };
  return e.code ? t(`server:error.${e.code}`, { ...e.params, defaultValue: e.message ?? e.code }) : String(e.message ?? error);
}

export function fetchFriends(): Promise<FriendsList> {
  return api<FriendsList>('GET', '/friends');
}

export async function follow(who: { id: string } | { name: string }): Promise<FriendIdentity> {
  return (await api<{ identity: FriendIdentity }>('POST', '/friends/follows', who)).identity;
}

export class FriendsPanel {
  readonly element = el('section', { className: 'jn-friends', id: 'friends' });
  readonly invitesElement = el('section', { className: 'jn-invites', id: 'invites' });
  private list: FriendsList | null = null;
  private invites: Invite[] = [];
  private message = '';
  private typed = '';
  private timers: ReturnType<typeof setInterval>[] = [];
  /** What the invitations section shows now: it is drawn again only when that changes (a redraw would lose the keyboard's place). */
  private invitesShown = '';
  private readonly alerts = new InviteAlerts((id) => void this.show(id));

  constructor(private readonly actions: FriendsActions) {
    this.element.setAttribute('aria-labelledby', 'friends-title');
    this.invitesElement.setAttribute('aria-labelledby', 'invites-title');
    this.invitesElement.setAttribute('aria-live', 'polite');
    this.invitesElement.hidden = true;
  }

  start(): void {
    if (this.timers.length) return;
    void this.loadList();
    void this.loadInvites();
    this.timers.push(setInterval(() => this.tick(() => this.loadInvites()), INVITES_MS), setInterval(() => this.tick(() => this.loadList()), LIST_MS));
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }

  /** The lobby was left (its sections are no longer in the page): stop reading. */
  private tick(load: () => Promise<void>): void {
    if (!this.element.isConnected) return this.stop();
    void load();
  }

  private async loadList(): Promise<void> {
    if (!identityToken()) return;
    try {
      this.list = await fetchFriends();
    } catch {
      return; // the lobby works without this list
    }
    this.render();
  }

  private async loadInvites(): Promise<void> {
    if (!identityToken()) return;
    try {
      this.invites = (await api<{ invites: Invite[] }>('GET', '/friends/invites')).invites;
    } catch {
      return;
    }
    this.alerts.update(this.invites);
    this.renderInvites();
  }

  /** An invitation opened from a notification: read afresh and its Sit down focused, or said to be gone. */
  async show(inviteId: string): Promise<void> {
    await this.loadInvites();
    const sit = this.invites.some((i) => i.id === inviteId) ? this.invitesElement.querySelector<HTMLButtonElement>(`[data-testid="sit-${CSS.escape(inviteId)}"]`) : null;
    if (sit) {
      sit.scrollIntoView({ block: 'center' });
      sit.focus();
      return;
    }
    this.message = t('lobby:friends.invite_gone');
    this.render();
    document.getElementById('friends-error')?.scrollIntoView({ block: 'center' });
  }

  render(): void {
    this.renderInvites();
    const input = el('input', { id: 'follow-name', value: this.typed, maxLength: 26, placeholder: t('lobby:friends.name_placeholder'), autocomplete: 'off' });
    input.setAttribute('aria-label', t('lobby:friends.name_label'));
    input.addEventListener('input', () => { this.typed = input.value; });
    const add = button(t('lobby:friends.follow'), () => void this.followTyped(), { testId: 'follow-by-name' });
    const form = el('form', { className: 'jn-row jn-follow' }, input, add);
    form.addEventListener('submit', (e) => { e.preventDefault(); void this.followTyped(); });
    add.type = 'submit';
    const follows = this.list?.follows ?? [];
    const online = follows.filter((f) => f.online).length;
    this.element.replaceChildren(
      el('h2', { id: 'friends-title', textContent: t('lobby:friends.title') }),
      el('div', { className: 'jn-muted', id: 'friends-count', textContent: follows.length ? t('lobby:friends.count', { count: follows.length, online }) : t('lobby:friends.none') }),
      ...(follows.length ? [el('div', { className: 'jn-list', id: 'friends-list' }, ...follows.map((f) => this.friendLine(f)))] : []),
      form,
      el('div', { className: 'jn-error', role: 'alert', id: 'friends-error', textContent: this.message }),
    );
  }

  private async followTyped(): Promise<void> {
    const name = this.typed.trim();
    if (!name) return;
    try {
      await follow({ name });
      this.typed = '';
      this.message = '';
    } catch (error) {
      this.message = friendsError(error);
    }
    await this.loadList();
    this.render();
    document.getElementById('follow-name')?.focus();
  }

  private friendLine(f: Friend): HTMLElement {
    const name = f.identity.display;
    const who = button(name, () => this.actions.profile(f.identity.id), { secondary: true, testId: `friend-${f.identity.id}` });
    who.classList.add('jn-link');
    who.setAttribute('aria-label', t('lobby:friends.profile_label', { name }));
    const status = !f.online ? t('lobby:friends.offline')
      : !f.table ? t('lobby:friends.online')
        : f.table.private ? t('lobby:friends.at_private', { title: gameTitle(f.table.game) })
          : t(f.table.phase === 'waiting' ? 'lobby:friends.waiting_at' : 'lobby:friends.playing', { title: gameTitle(f.table.game) });
    // Not colour alone: the word says online; the dot only helps the eye.
    const dot = el('span', { className: f.online ? 'jn-dot on' : 'jn-dot', textContent: f.online ? '●' : '○' });
    dot.setAttribute('aria-hidden', 'true');
    const results = f.recent.map((r) => (r.status === 'abandoned' ? t('lobby:friends.abandoned', { title: gameTitle(r.game) }) : t('lobby:friends.result', { title: gameTitle(r.game), place: r.place, seats: r.seats })));
    const controls: HTMLElement[] = [];
    const table = f.table;
    if (table?.roomId && table.action) {
      const act = table.action;
      const b = button(t(`lobby:friends.${act}`), () => (act === 'join' ? this.actions.join(table.roomId!) : this.actions.watch(table.roomId!)), { testId: `friend-${act}-${f.identity.id}` });
      b.setAttribute('aria-label', t(`lobby:friends.${act}_label`, { name, title: gameTitle(table.game) }));
      controls.push(b);
    }
    const unfollow = button(t('lobby:friends.unfollow'), () => void this.unfollow(f.identity.id), { secondary: true, testId: `unfollow-${f.identity.id}` });
    unfollow.setAttribute('aria-label', t('lobby:friends.unfollow_label', { name }));
    controls.push(unfollow);
    return el('div', { className: 'jn-table-line jn-friend', dataset: { friend: f.identity.id } },
      el('div', { className: 'jn-friend-text' },
        el('div', {}, dot, ' ', who, ' ', el('span', { className: 'jn-friend-status', textContent: status })),
        ...(results.length ? [el('div', { className: 'jn-muted', textContent: `${t('lobby:friends.recent')} ${results.join(' · ')}` })] : [])),
      el('div', { className: 'jn-row' }, ...controls));
  }

  private async unfollow(id: string): Promise<void> {
    await api('DELETE', `/friends/follows/${encodeURIComponent(id)}`).catch(() => undefined);
    await this.loadList();
  }

  private renderInvites(): void {
    const shown = JSON.stringify([language(), this.invites.map((i) => [i.id, i.from.display])]);
    if (shown === this.invitesShown && this.invitesElement.isConnected) return;
    this.invitesShown = shown;
    this.invitesElement.hidden = this.invites.length === 0;
    if (this.invitesElement.hidden) return void this.invitesElement.replaceChildren();
    this.invitesElement.replaceChildren(
      el('h2', { id: 'invites-title', textContent: t('lobby:friends.invites_title') }),
      ...this.invites.map((i) => {
        const text = t('lobby:friends.invite_line', { from: i.from.display, title: gameTitle(i.game) });
        const sit = button(t('lobby:friends.sit_down'), () => void this.sitDown(i), { testId: `sit-${i.id}` });
        sit.classList.add('primary');
        sit.setAttribute('aria-label', `${t('lobby:friends.sit_down')}: ${text}`);
        const decline = button(t('lobby:friends.decline'), () => void this.decline(i), { secondary: true, testId: `decline-${i.id}` });
        decline.setAttribute('aria-label', `${t('lobby:friends.decline')}: ${text}`);
        return el('div', { className: 'jn-table-line jn-invite-line' }, el('span', { textContent: text }), el('div', { className: 'jn-row' }, sit, decline));
      }),
    );
  }

  private async sitDown(i: Invite): Promise<void> {
    await this.actions.sitDown(i.roomId);
    // Taken: it no longer waits in the lobby.
    await api('DELETE', `/friends/invites/${encodeURIComponent(i.id)}`).catch(() => undefined);
  }

  private async decline(i: Invite): Promise<void> {
    await api('DELETE', `/friends/invites/${encodeURIComponent(i.id)}`).catch(() => undefined);
    this.invites = this.invites.filter((x) => x.id !== i.id);
    this.renderInvites();
  }
}

/**
 * At a private table before the game: the friends you follow who are online, each with Invite.
 * Read once when the waiting room is drawn (again when its seats change). At a full table there is
 * nobody to invite: the reason is said instead of the buttons.
 */
export function inviteFriendsBox(roomId: string, told: (text: string) => void, full: boolean): HTMLElement {
  const box = el('div', { className: 'jn-invite-friends', id: 'invite-friends' });
  void fetchFriends().then((list) => {
    const online = list.follows.filter((f) => f.online);
    if (online.length === 0) return;
    const title = el('div', { textContent: t('lobby:friends.invite_friends') });
    if (full) return void box.replaceChildren(title, el('p', { className: 'jn-muted', id: 'invite-full', textContent: t('lobby:friends.invite_full') }));
    box.replaceChildren(title, ...online.map((f) => button(t('lobby:friends.invite', { name: f.identity.display }), () => void api('POST', '/friends/invites', { to: f.identity.id, roomId })
      .then(() => told(t('lobby:friends.invited', { name: f.identity.display })), (error: unknown) => told(friendsError(error))), { secondary: true, testId: `invite-${f.identity.id}` })));
  }).catch(() => undefined);
  return box;
}
