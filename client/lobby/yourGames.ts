/**
 * Your games (issue 23): the running tables this browser's identity sits at, each with Resume
 * (the seat is retaken by joining the table by id with the guest token, whatever happened
 * meanwhile), and the games that ended lately with their place and replay. Read from
 * `GET /api/players/me/games`, so it lists tables on every process.
 */
import { api, identityToken } from '../net/identity.js';
import { language, t } from '../i18n/index.js';
import { button, el } from '../ui/dom.js';
import { gameTitle, variantName } from './names.js';

export interface RunningGame { id: string; game: string; variant: string; startedAt: number; seat: number | null; seats: { seat: number; name: string }[]; turn?: number[] }
export interface FinishedGame { id: string; game: string; finishedAt: number; seat: number; place: number; seats: number }
export interface MyGames { running: RunningGame[]; recent: FinishedGame[] }

export interface YourGamesActions { resume(roomId: string): void; replay(gameId: string): void }

/** Finished games are shown for a day: long enough to find the one that ended while you were away. */
const RECENT_MS = 24 * 60 * 60 * 1000;
const RECENT_SHOWN = 3;

export async function fetchMyGames(): Promise<MyGames | null> {
  if (!identityToken()) return null;
  try {
    return await api<MyGames>('GET', '/players/me/games');
  } catch {
    return null; // the lobby works without this list
  }
}

export class YourGames {
  readonly element = el('section', { className: 'jn-your-games', id: 'your-games' });
  private games: MyGames | null = null;

  constructor(private readonly actions: YourGamesActions) {
    this.element.setAttribute('aria-labelledby', 'your-games-title');
    this.element.hidden = true;
  }

  async load(): Promise<MyGames | null> {
    this.games = await fetchMyGames();
    this.render();
    return this.games;
  }

  render(now = Date.now()): void {
    const running = this.games?.running ?? [];
    const recent = (this.games?.recent ?? []).filter((g) => now - g.finishedAt < RECENT_MS).slice(0, RECENT_SHOWN);
    this.element.hidden = running.length === 0 && recent.length === 0;
    if (this.element.hidden) return this.element.replaceChildren();
    this.element.replaceChildren(
      el('h2', { id: 'your-games-title', textContent: t('lobby:yours.title') }),
      ...(running.length ? [el('div', { className: 'jn-list' }, ...running.map((g) => this.runningLine(g, now)))] : []),
      ...(recent.length ? [el('h3', { textContent: t('lobby:yours.finished') }), el('div', { className: 'jn-list' }, ...recent.map((g) => this.finishedLine(g, now)))] : []),
    );
  }

  private runningLine(g: RunningGame, now: number): HTMLElement {
    const title = gameTitle(g.game);
    const others = g.seats.filter((s) => s.seat !== g.seat).map((s) => s.name);
    const resume = button(t('lobby:yours.resume'), () => this.actions.resume(g.id), { testId: `resume-${g.id}` });
    resume.setAttribute('aria-label', t('lobby:yours.resume_label', { title }));
    const line = t('lobby:yours.line', { title, variant: variantName(g.game, g.variant), names: others.join(', '), since: since(g.startedAt, now) });
    return el('div', { className: 'jn-table-line' }, el('span', { textContent: [line, turnOf(g)].filter(Boolean).join(' · ') }), resume);
  }

  private finishedLine(g: FinishedGame, now: number): HTMLElement {
    const title = gameTitle(g.game);
    const replay = button(t('lobby:yours.replay'), () => this.actions.replay(g.id), { secondary: true, testId: `replay-${g.id}` });
    replay.setAttribute('aria-label', t('lobby:yours.replay_label', { title }));
    return el('div', { className: 'jn-table-line' },
      el('span', { textContent: t('lobby:yours.finished_line', { title, place: g.place, seats: g.seats, since: since(g.finishedAt, now) }) }),
      replay);
  }
}

/** "your turn", "Bo to play", or nothing when everyone acts at once. */
function turnOf(g: RunningGame): string {
  const turn = g.turn ?? [];
  if (turn.length === 0) return '';
  if (g.seat !== null && turn.includes(g.seat)) return t('lobby:yours.your_turn');
  const names = g.seats.filter((s) => turn.includes(s.seat)).map((s) => s.name);
  return names.length ? t('lobby:yours.turn_of', { names: names.join(', ') }) : '';
}

/** "5 minutes ago" / "il y a 5 minutes", in the reader's language. */
function since(at: number, now: number): string {
  const minutes = Math.max(0, Math.round((now - at) / 60_000));
  const format = new Intl.RelativeTimeFormat(language(), { numeric: 'auto' });
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  return hours < 48 ? format.format(-hours, 'hour') : format.format(-Math.round(hours / 24), 'day');
}
