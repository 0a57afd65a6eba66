/**
 * Profiles and leaderboards (scene key 'players'): a player's name (yours editable), ratings per
 * game with their trend and rank, games played and the last 50 games, each opening its replay;
 * the device link; and a leaderboard per game family (top 100 and your own rank).
 */
import Phaser from 'phaser';
import { catalogue as games } from '../../shared/games/catalogue.js';
import { ratingKey } from '../../shared/ratings/families.js';
import { api, currentIdentity, ensureIdentity, rename, transferLink } from '../net/identity.js';
import { button, el } from '../ui/dom.js';

interface Rating { key: string; rank: number; rating: number; games: number; trend: number[] }
interface Line { id: string; game: string; ratingKey: string; finishedAt: number; place: number; seats: number; rated: boolean; private: boolean; ratingAfter: number | null }
interface Profile { identity: { id: string; display: string; name: string }; gamesPlayed: number; ratings: Rating[]; games: Line[] }
interface Entry { rank: number; playerId: string; name: string; rating: number; games: number }
interface Board { key: string; entries: Entry[]; me: Entry | null }

const BARS = '▁▂▃▄▅▆▇█';
const titleOf = (key: string): string => {
  const [id, variant] = key.split(':');
  const title = games.find((g) => g.id === id)?.title ?? id;
  return variant ? `${title} (${variant.replace('_', ' ')})` : title;
};

export function sparkline(values: number[]): string {
  if (values.length === 0) return '';
  const lo = Math.min(...values);
  const span = Math.max(...values) - lo || 1;
  return values.map((v) => BARS[Math.round(((v - lo) / span) * (BARS.length - 1))]).join('');
}

export class PlayersScene extends Phaser.Scene {
  private dom: Phaser.GameObjects.DOMElement | null = null;
  private body!: HTMLDivElement;
  private errorEl!: HTMLDivElement;

  constructor() {
    super('players');
  }

  create(data: { view?: 'profile' | 'leaderboard'; id?: string; game?: string }): void {
    this.errorEl = el('div', { className: 'jn-error', role: 'alert' });
    this.body = el('div');
    const panel = el('div', { className: 'jn-panel', id: 'players' },
      el('div', { className: 'jn-row' },
        button('Back to lobby', () => { window.location.hash = ''; this.scene.start('lobby'); }, { secondary: true, testId: 'to-lobby' }),
        button('My profile', () => void this.showProfile(), { secondary: true, testId: 'my-profile' }),
        button('Leaderboards', () => void this.showLeaderboard(games[0].id), { secondary: true, testId: 'leaderboards' })),
      this.errorEl, this.body);
    this.dom = this.add.dom(this.scale.width / 2, 24, panel).setOrigin(0.5, 0);
    this.scale.on('resize', this.layout, this);
    this.events.once('shutdown', () => this.scale.off('resize', this.layout, this));
    if (data.view === 'leaderboard') void this.showLeaderboard(data.game ?? games[0].id);
    else void this.showProfile(data.id);
  }

  private layout(): void {
    this.dom?.setPosition(this.scale.width / 2, 24);
  }

  private async guard(run: () => Promise<void>): Promise<void> {
    this.errorEl.textContent = '';
    try {
      await run();
    } catch (error) {
      this.errorEl.textContent = error instanceof Error ? error.message : String(error);
    }
  }

  private showProfile(id?: string): Promise<void> {
    return this.guard(async () => {
      const me = currentIdentity() ?? await ensureIdentity();
      const who = id ?? me.id;
      window.location.hash = `#/profile/${who}`;
      const p = await api<Profile>('GET', `/players/${encodeURIComponent(who)}`);
      const mine = p.identity.id === me.id;
      const heading = el('h1', { id: 'profile-name', textContent: p.identity.display });
      const parts: HTMLElement[] = [heading, el('div', { id: 'games-played', textContent: `${p.gamesPlayed} game${p.gamesPlayed === 1 ? '' : 's'} played` })];
      if (mine) {
        const name = el('input', { id: 'profile-name-input', value: p.identity.name, maxLength: 20 });
        name.setAttribute('aria-label', 'Your name');
        const linkOut = el('div', { id: 'device-link' });
        parts.push(el('div', { className: 'jn-row' }, name,
          button('Save name', () => void this.guard(async () => { heading.textContent = (await rename(name.value)).display; }), { testId: 'save-name' }),
          button('Link another device', () => void this.guard(async () => {
            const url = await transferLink();
            linkOut.replaceChildren(el('div', { textContent: 'Open this link once on your other device (valid 10 minutes):' }),
              el('input', { id: 'device-link-url', value: url, readOnly: true, size: 48 }));
          }), { secondary: true, testId: 'device-link-button' })), linkOut);
      }
      parts.push(el('h2', { textContent: 'Ratings' }));
      parts.push(p.ratings.length === 0 ? el('div', { textContent: 'No rated games yet.' })
        : el('div', { id: 'ratings' }, ...p.ratings.map((r) => el('div', { className: 'jn-rating', dataset: { key: r.key } as Record<string, string>,
          textContent: `${titleOf(r.key)}: ${r.rating.toFixed(2)} · #${r.rank} · ${r.games} game${r.games === 1 ? '' : 's'} ${sparkline(r.trend)}` }))));
      parts.push(el('h2', { textContent: 'Last games' }));
      parts.push(p.games.length === 0 ? el('div', { textContent: 'No games yet.' })
        : el('div', { id: 'history' }, ...p.games.map((g) => {
          const line = el('div', { className: 'jn-row jn-game', dataset: { gameId: g.id } as Record<string, string> },
            el('span', { textContent: `${new Date(g.finishedAt).toLocaleString()} · ${titleOf(g.ratingKey)} · place ${g.place}/${g.seats}${g.rated ? ` · rating ${g.ratingAfter ?? '–'}` : ' · unrated'}${g.private ? ' · private' : ''}` }),
            button('Replay', () => this.openReplay(g.id), { secondary: true, testId: `replay-${g.id}` }));
          return line;
        })));
      this.body.replaceChildren(...parts);
    });
  }

  private openReplay(id: string): void {
    window.location.hash = `#/replay/${id}`;
    this.scene.start('replay', { id });
  }

  private showLeaderboard(gameId: string, variant?: string): Promise<void> {
    return this.guard(async () => {
      await (currentIdentity() ? Promise.resolve() : ensureIdentity());
      const game = games.find((g) => g.id === gameId) ?? games[0];
      const v = variant ?? game.defaultVariant;
      window.location.hash = `#/leaderboards/${game.id}`;
      const board = await api<Board>('GET', `/leaderboards/${game.id}?variant=${encodeURIComponent(v)}`);
      const gameSelect = el('select', { id: 'board-game' });
      gameSelect.setAttribute('aria-label', 'Game');
      for (const g of games) gameSelect.append(el('option', { value: g.id, textContent: g.title, selected: g.id === game.id }));
      const families = [...new Map(game.variants.map((x) => [ratingKey(game.id, x), x])).entries()];
      const variantSelect = el('select', { id: 'board-variant' });
      variantSelect.setAttribute('aria-label', 'Variant family');
      for (const [key, x] of families) variantSelect.append(el('option', { value: x, textContent: titleOf(key), selected: key === board.key }));
      gameSelect.addEventListener('change', () => void this.showLeaderboard(gameSelect.value));
      variantSelect.addEventListener('change', () => void this.showLeaderboard(game.id, variantSelect.value));
      const rows = board.entries.map((e) => {
        const b = el('button', { type: 'button', className: 'secondary', textContent: `${e.rank}. ${e.name} — ${e.rating.toFixed(2)} (${e.games})` });
        b.addEventListener('click', () => void this.showProfile(e.playerId));
        return b;
      });
      this.body.replaceChildren(
        el('h1', { textContent: `Leaderboard — ${titleOf(board.key)}` }),
        el('div', { className: 'jn-row' }, gameSelect, variantSelect),
        el('div', { id: 'my-rank', textContent: board.me ? `You: #${board.me.rank} · ${board.me.rating.toFixed(2)}` : 'You are not rated in this game yet.' }),
        rows.length ? el('div', { className: 'jn-list', id: 'board' }, ...rows) : el('div', { textContent: 'Nobody is rated yet.' }),
      );
    });
  }
}
