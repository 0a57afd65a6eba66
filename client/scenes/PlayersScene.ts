/**
 * Profiles and leaderboards (scene key 'players'): a player's name (yours editable), ratings per
 * game with their trend and rank, games played and the last 50 games, each opening its replay;
 * the device link; and a leaderboard per game family (top 100 and your own rank).
 */
import { DomScreen } from '../app/screens.js';
import { catalogue as games } from '../../shared/games/catalogue.js';
import { ratingKey } from '../../shared/ratings/families.js';
import { api, currentIdentity, ensureIdentity, rename, transferLink } from '../net/identity.js';
import { button, el } from '../ui/dom.js';
import { language, onLanguageChanged, t } from '../i18n/index.js';
import { PROVISIONAL_GAMES } from '../../shared/ratings/display.js';
import { openScreen } from '../lobby/screen.js';
import { gameTitle, variantName } from '../lobby/names.js';
import { rememberName } from '../lobby/name.js';
import { fetchFriends, follow, friendsError } from '../lobby/friends.js';

interface Rating { key: string; rank: number; rating: number; display: number; provisional: boolean; games: number; trend: number[] }
interface Line { id: string; game: string; ratingKey: string; finishedAt: number; place: number; seats: number; rated: boolean; private: boolean; ratingAfter: number | null; displayAfter?: number | null; status?: 'finished' | 'abandoned' }
interface Profile { identity: { id: string; display: string; name: string }; gamesPlayed: number; ratings: Rating[]; games: Line[] }
interface Entry { rank: number; playerId: string; name: string; rating: number; display: number; provisional: boolean; games: number }

/** A rating as players read it (shared/ratings/display.ts): "1500", or "1500?" while provisional. */
function shown(r: { display: number; provisional: boolean }): string {
  const value = new Intl.NumberFormat(language(), { useGrouping: false, maximumFractionDigits: 0 }).format(r.display);
  return r.provisional ? t('players:provisional', { rating: value }) : value;
}
interface Board { key: string; entries: Entry[]; me: Entry | null }

const BARS = '▁▂▃▄▅▆▇█';
const titleOf = (key: string): string => {
  const [id, variant] = key.split(':');
  const title = gameTitle(id);
  return variant ? `${title} (${variantName(id, variant)})` : title;
};

export function sparkline(values: number[]): string {
  if (values.length === 0) return '';
  const lo = Math.min(...values);
  const span = Math.max(...values) - lo || 1;
  return values.map((v) => BARS[Math.round(((v - lo) / span) * (BARS.length - 1))]).join('');
}

export class PlayersScene extends DomScreen {
  private body!: HTMLDivElement;
  private errorEl!: HTMLDivElement;

  constructor() {
    super('players');
  }

  create(data: { view?: 'profile' | 'leaderboard'; id?: string; game?: string }): void {
    this.errorEl = el('div', { className: 'jn-error', role: 'alert' });
    this.body = el('div');
    const root = openScreen(this, 'players');
    const frame = () => root.replaceChildren(
      el('div', { className: 'jn-row' },
        button(t('players:back'), () => { window.location.hash = ''; this.scene.start('lobby'); }, { secondary: true, testId: 'to-lobby' }),
        button(t('players:my_profile'), () => void this.showProfile(), { secondary: true, testId: 'my-profile' }),
        button(t('players:leaderboards'), () => void this.showLeaderboard(games[0].id), { secondary: true, testId: 'leaderboards' })),
      this.errorEl, this.body);
    frame();
    this.shown = data.view === 'leaderboard' ? () => this.showLeaderboard(data.game ?? games[0].id) : () => this.showProfile(data.id);
    const offLanguage = onLanguageChanged(() => { frame(); void this.shown(); });
    this.events.once('shutdown', offLanguage);
    void this.shown();
  }

  /** What is on screen, to draw again in another language. */
  private shown: () => Promise<void> = () => Promise.resolve();

  private async guard(run: () => Promise<void>): Promise<void> {
    this.errorEl.textContent = '';
    try {
      await run();
    } catch (error) {
      this.errorEl.textContent = error instanceof Error ? error.message : String(error);
    }
  }

  private showProfile(id?: string): Promise<void> {
    this.shown = () => this.showProfile(id);
    return this.guard(async () => {
      const me = currentIdentity() ?? await ensureIdentity();
      const who = id ?? me.id;
      window.location.hash = `#/profile/${who}`;
      const p = await api<Profile>('GET', `/players/${encodeURIComponent(who)}`);
      const mine = p.identity.id === me.id;
      const heading = el('h1', { id: 'profile-name', textContent: p.identity.display });
      const parts: HTMLElement[] = [heading, el('div', { id: 'games-played', textContent: t('players:games_played', { count: p.gamesPlayed }) })];
      if (mine) {
        const name = el('input', { id: 'profile-name-input', value: p.identity.name, maxLength: 20 });
        name.setAttribute('aria-label', t('players:your_name'));
        const linkOut = el('div', { id: 'device-link' });
        parts.push(el('div', { className: 'jn-row' }, name,
          button(t('players:save_name'), () => void this.guard(async () => {
            const renamed = await rename(name.value);
            rememberName(renamed.name); // the one name, used by the lobby and tournaments too
            heading.textContent = renamed.display;
          }), { testId: 'save-name' }),
          button(t('players:link_device'), () => void this.guard(async () => {
            const url = await transferLink();
            linkOut.replaceChildren(el('div', { textContent: t('players:link_text') }),
              el('input', { id: 'device-link-url', value: url, readOnly: true, size: 48 }));
          }), { secondary: true, testId: 'device-link-button' })), linkOut);
      }
      if (!mine) parts.push(await this.friendControls(p.identity));
      parts.push(el('h2', { textContent: t('players:ratings') }));
      parts.push(p.ratings.length === 0 ? el('div', { textContent: t('players:no_ratings') })
        : el('div', { id: 'ratings' }, ...p.ratings.map((r) => el('div', { className: 'jn-rating', dataset: { key: r.key } as Record<string, string>,
          textContent: t('players:rating_line', { title: titleOf(r.key), rating: shown(r), rank: r.rank, count: r.games, trend: sparkline(r.trend) }).trim() }))));
      if (p.ratings.some((r) => r.provisional)) parts.push(el('div', { className: 'jn-note', textContent: t('players:provisional_note', { count: PROVISIONAL_GAMES }) }));
      parts.push(el('h2', { textContent: t('players:last_games') }));
      parts.push(p.games.length === 0 ? el('div', { textContent: t('players:no_games') })
        : el('div', { id: 'history' }, ...p.games.map((g) => {
          const bits = [new Date(g.finishedAt).toLocaleString(language()), titleOf(g.ratingKey),
            g.status === 'abandoned' ? t('players:abandoned') : t('players:place', { place: g.place, seats: g.seats }),
            g.rated ? t('players:rating_after', { rating: g.displayAfter ?? '–' }) : t('players:unrated'), ...(g.private ? [t('players:private')] : [])];
          const line = el('div', { className: 'jn-row jn-game', dataset: { gameId: g.id } as Record<string, string> },
            el('span', { textContent: bits.join(' · ') }),
            button(t('players:replay'), () => this.openReplay(g.id), { secondary: true, testId: `replay-${g.id}` }));
          return line;
        })));
      this.body.replaceChildren(...parts);
    });
  }

  /** Follow / Unfollow and Block / Unblock on someone else's profile, with what they mean now. */
  private async friendControls(who: { id: string; display: string }): Promise<HTMLElement> {
    const list = await fetchFriends().catch(() => null);
    const box = el('div', { className: 'jn-friend-controls', id: 'friend-controls' });
    if (!list) return box;
    const following = list.follows.some((f) => f.identity.id === who.id);
    const blocking = list.blocks.some((b) => b.identity.id === who.id);
    const act = (run: () => Promise<unknown>, focus: string) => () => void this.guard(async () => {
      try {
        await run();
      } catch (error) {
        throw new Error(friendsError(error));
      }
      box.replaceWith(await this.friendControls(who));
      (document.querySelector(`[data-testid="${focus}"]`) as HTMLElement | null)?.focus();
    });
    const id = encodeURIComponent(who.id);
    const followButton = following
      ? button(t('players:friends.unfollow'), act(() => api('DELETE', `/friends/follows/${id}`), 'follow'), { secondary: true, testId: 'unfollow' })
      : button(t('players:friends.follow'), act(() => follow({ id: who.id }), 'unfollow'), { testId: 'follow' });
    const blockButton = blocking
      ? button(t('players:friends.unblock'), act(() => api('DELETE', `/friends/blocks/${id}`), 'block'), { secondary: true, testId: 'unblock' })
      : button(t('players:friends.block'), act(() => api('POST', '/friends/blocks', { id: who.id }), 'unblock'), { secondary: true, testId: 'block' });
    if (blocking) followButton.disabled = true;
    const note = blocking ? t('players:friends.blocked', { name: who.display }) : following ? t('players:friends.following', { name: who.display }) : '';
    box.replaceChildren(el('div', { className: 'jn-row' }, followButton, blockButton), el('div', { className: 'jn-muted', id: 'friend-note', role: 'status', textContent: note }));
    return box;
  }

  private openReplay(id: string): void {
    window.location.hash = `#/replay/${id}`;
    this.scene.start('replay', { id });
  }

  private showLeaderboard(gameId: string, variant?: string): Promise<void> {
    this.shown = () => this.showLeaderboard(gameId, variant);
    return this.guard(async () => {
      await (currentIdentity() ? Promise.resolve() : ensureIdentity());
      const game = games.find((g) => g.id === gameId) ?? games[0];
      const v = variant ?? game.defaultVariant;
      window.location.hash = `#/leaderboards/${game.id}`;
      const board = await api<Board>('GET', `/leaderboards/${game.id}?variant=${encodeURIComponent(v)}`);
      const gameSelect = el('select', { id: 'board-game' });
      gameSelect.setAttribute('aria-label', t('players:game'));
      for (const g of games) gameSelect.append(el('option', { value: g.id, textContent: gameTitle(g.id), selected: g.id === game.id }));
      const families = [...new Map(game.variants.map((x) => [ratingKey(game.id, x), x])).entries()];
      const variantSelect = el('select', { id: 'board-variant' });
      variantSelect.setAttribute('aria-label', t('players:variant_family'));
      for (const [key, x] of families) variantSelect.append(el('option', { value: x, textContent: titleOf(key), selected: key === board.key }));
      gameSelect.addEventListener('change', () => void this.showLeaderboard(gameSelect.value));
      variantSelect.addEventListener('change', () => void this.showLeaderboard(game.id, variantSelect.value));
      const rows = board.entries.map((e) => {
        const b = el('button', { type: 'button', className: 'secondary', textContent: t('players:board_line', { rank: e.rank, name: e.name, rating: shown(e), count: e.games }) });
        b.addEventListener('click', () => void this.showProfile(e.playerId));
        return b;
      });
      this.body.replaceChildren(
        el('h1', { textContent: t('players:leaderboard_title', { title: titleOf(board.key) }) }),
        el('div', { className: 'jn-row' }, gameSelect, variantSelect),
        el('div', { id: 'my-rank', textContent: board.me ? t('players:my_rank', { rank: board.me.rank, rating: shown(board.me) }) : t('players:not_rated') }),
        rows.length ? el('div', { className: 'jn-list', id: 'board' }, ...rows) : el('div', { textContent: t('players:nobody') }),
        ...([...board.entries, ...(board.me ? [board.me] : [])].some((e) => e.provisional) ? [el('div', { className: 'jn-note', textContent: t('players:provisional_note', { count: PROVISIONAL_GAMES }) })] : []),
      );
    });
  }
}
