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
import { TurnAlerts } from './turnAlerts.js';

/**
 * `turnBased`, `yourTurn`, `deadline`: turn-based tables (issue 25), listed first by the server, most
 * urgent first. `filling`: a table of the turn-based queue still waiting for players (`deadline`:
 * when bots take the seats still free).
 */
export interface RunningGame {
  id: string; game: string; variant: string; startedAt: number; seat: number | null; seats: { seat: number; name: string }[]; turn?: number[];
  turnBased?: boolean; yourTurn?: boolean; deadline?: number | null; filling?: { taken: number; seats: number };
}
export interface FinishedGame { id: string; game: string; finishedAt: number; seat: number; place: number; seats: number }
export interface MyGames { running: RunningGame[]; recent: FinishedGame[] }

export interface YourGamesActions { resume(roomId: string): void; replay(gameId: string): void }

/** Finished games are shown for a day: long enough to find the one that ended while you were away. */
const RECENT_MS = 24 * 60 * 60 * 1000;
const RECENT_SHOWN = 3;
/** Turn-based games move while the lobby is open: the list (and the title's count) is read again this often. */
const REFRESH_MS = 30_000;

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
  private readonly alerts: TurnAlerts;
  private refresh: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly actions: YourGamesActions) {
    this.element.setAttribute('aria-labelledby', 'your-games-title');
    this.element.hidden = true;
    this.alerts = new TurnAlerts((id) => void this.resume(id));
  }

  async load(): Promise<MyGames | null> {
    this.games = await fetchMyGames();
    this.render();
    this.alerts.update(this.games?.running ?? []);
    this.refresh ??= setInterval(() => {
      // The lobby was left (its section is no longer in the page): stop reading.
      if (!this.element.isConnected && this.games !== null) {
        clearInterval(this.refresh!);
        this.refresh = null;
        return;
      }
      void this.load();
    }, REFRESH_MS);
    return this.games;
  }

  /** A turn-based table may be asleep in the store: it is woken (on some process) before the seat is retaken by id. */
  private async resume(id: string): Promise<void> {
    const game = this.games?.running.find((g) => g.id === id);
    if (game?.turnBased) await api('POST', `/games/${encodeURIComponent(id)}/wake`).catch(() => undefined);
    this.actions.resume(id);
  }

  /** A table opened from a push (`#/table/<id>`): woken if it sleeps (a live one answers at once), then the seat retaken. */
  async open(id: string): Promise<void> {
    await api('POST', `/games/${encodeURIComponent(id)}/wake`).catch(() => undefined);
    this.actions.resume(id);
  }

  render(now = Date.now()): void {
    const running = this.games?.running ?? [];
    const recent = (this.games?.recent ?? []).filter((g) => now - g.finishedAt < RECENT_MS).slice(0, RECENT_SHOWN);
    this.element.hidden = running.length === 0 && recent.length === 0;
    if (this.element.hidden) return this.element.replaceChildren();
    const alerts = running.some((g) => g.turnBased) ? this.alerts.control(() => this.render()) : null;
    this.element.replaceChildren(
      el('h2', { id: 'your-games-title', textContent: t('lobby:yours.title') }),
      ...(alerts ? [alerts] : []),
      ...(running.length ? [el('div', { className: 'jn-list' }, ...running.map((g) => this.runningLine(g, now)))] : []),
      ...(recent.length ? [el('h3', { textContent: t('lobby:yours.finished') }), el('div', { className: 'jn-list' }, ...recent.map((g) => this.finishedLine(g, now)))] : []),
    );
  }

  private runningLine(g: RunningGame, now: number): HTMLElement {
    const title = gameTitle(g.game);
    const others = g.seats.filter((s) => s.seat !== g.seat).map((s) => s.name);
    const resume = button(t('lobby:yours.resume'), () => void this.resume(g.id), { testId: `resume-${g.id}` });
    resume.setAttribute('aria-label', t('lobby:yours.resume_label', { title }));
    const variant = variantName(g.game, g.variant);
    const parts = g.filling
      ? [t('lobby:yours.turn_based'), t('lobby:yours.filling', { title, variant, count: g.filling.taken, seats: g.filling.seats, since: since(g.startedAt, now) }), startsWithin(g, now)]
      : [g.turnBased ? t('lobby:yours.turn_based') : '', t('lobby:yours.line', { title, variant, names: others.join(', '), since: since(g.startedAt, now) }), turnOf(g), timeLeft(g, now)];
    const text = el('span', { textContent: parts.filter(Boolean).join(' · ') });
    // Not colour alone: the words "Your turn" carry it; the mark only helps the eye.
    return el('div', { className: g.yourTurn ? 'jn-table-line jn-your-turn' : 'jn-table-line' }, text, resume);
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

/** "3 hours left" on a turn-based clock, in the reader's language. */
function timeLeft(g: RunningGame, now: number): string {
  if (!g.turnBased || !g.deadline) return '';
  return t('lobby:yours.time_left', { time: duration(g.deadline - now) });
}

/** A queue table still filling: "starts within 23 hours" (bots take the seats still free then). */
function startsWithin(g: RunningGame, now: number): string {
  return g.deadline ? t('lobby:yours.starts_within', { time: duration(g.deadline - now) }) : '';
}

/** "3 hours", "40 minutes", "2 days", in the reader's language. */
function duration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const format = new Intl.NumberFormat(language(), { style: 'unit', unitDisplay: 'long',
    ...(minutes < 60 ? { unit: 'minute' } : minutes < 48 * 60 ? { unit: 'hour', maximumFractionDigits: 0 } : { unit: 'day', maximumFractionDigits: 0 }) });
  const amount = minutes < 60 ? minutes : minutes < 48 * 60 ? Math.round(minutes / 60) : Math.round(minutes / 1440);
  return format.format(amount);
}

/** "5 minutes ago" / "il y a 5 minutes", in the reader's language. */
function since(at: number, now: number): string {
  const minutes = Math.max(0, Math.round((now - at) / 60_000));
  const format = new Intl.RelativeTimeFormat(language(), { numeric: 'auto' });
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  return hours < 48 ? format.format(-hours, 'hour') : format.format(-Math.round(hours / 24), 'day');
}
