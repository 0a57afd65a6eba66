/**
 * Tournaments (scene key 'tournaments'): the list, one tournament's standings and tables (live
 * over Server-Sent Events, GET /api/tournaments/:id/events), register / check in, "your table is
 * ready — Join" (pushed on your own stream, GET /api/tournaments/:id/me/events with your token),
 * and an organiser panel (create, start, pause, unpause, end round).
 * Tokens are kept in localStorage per tournament, so a reload keeps your registration.
 */
import { DomScreen } from '../app/screens.js';
import { catalogue as games } from '../../shared/games/catalogue.js';
import { Connection } from '../net/connection.js';
import { button, el } from '../ui/dom.js';
import { adoptIdentity, identityToken, type Identity } from '../net/identity.js';
import { language, onLanguageChanged, t } from '../i18n/index.js';
import { openScreen } from '../lobby/screen.js';
import { gameTitle, variantName } from '../lobby/names.js';
import { knownName, rememberName, useName } from '../lobby/name.js';
import { httpErrorMsg } from '../net/joinErrors.js';
import { formatMsg } from '../i18n/format.js';
const PLAYER_KEY = (id: string) => `junction.tournament.${id}.player`;
const ORGANISER_KEY = (id: string) => `junction.tournament.${id}.organiser`;

interface Summary { id: string; name: string; game: string; variant: string; format: string; status: string; currentRound: number; rounds: number; startsAt: number; private: boolean }
interface Standing { rank: number; playerId: string; name: string; points: number; opponentsPoints: number; wins: number; played: number; dropped: boolean; noShows?: number }
interface TableView { id: string; number: number; roomId: string | null; status: string; seats: { playerId: string; name: string; place: number | null; points: number | null; noShow?: boolean }[] }
interface View {
  tournament: Summary;
  players: { playerId: string; name: string; checkedIn: boolean; dropped: boolean }[];
  rounds: { number: number; status: string; tables: TableView[]; byes: string[] }[];
  standings: Standing[];
}
interface Me { playerId: string; seatId: string; name: string; checkedIn: boolean; status: string; round: number; bye: boolean; table: { roomId: string | null; number: number; ready: boolean; status: string } | null }
interface PlayerToken { token: string; seatId: string; name: string }

async function call<T>(method: string, url: string, body?: unknown, token?: string | null): Promise<T> {
  const res = await fetch(`/api/tournaments${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await res.json().catch(() => ({}))) as T;
  // The body's `code` (+ `params`) in the reader's language; its English `error` is for API users.
  if (!res.ok) throw new Error(formatMsg(httpErrorMsg(res.status, data), { mySeat: null, names: new Map() }));
  return data;
}

export class TournamentScene extends DomScreen {
  private body!: HTMLDivElement;
  private errorEl!: HTMLDivElement;
  private events$: EventSource | null = null;
  private me$: AbortController | null = null;
  private current: string | null = null;

  constructor() {
    super('tournaments');
  }

  create(): void {
    const root = openScreen(this, 'tournaments');
    this.errorEl = el('div', { className: 'jn-error', role: 'alert' });
    this.body = el('div', { className: 'jn-tournament-body' });
    const frame = () => [
      el('h1', { textContent: t('tournament:title') }),
      el('div', { className: 'jn-row' },
        button(t('tournament:back'), () => this.scene.start('lobby'), { secondary: true, testId: 'to-lobby' }),
        button(t('tournament:all'), () => void this.showList(), { secondary: true, testId: 'tournament-list' })),
      this.errorEl,
      this.body,
    ];
    root.replaceChildren(...frame());
    // A language change redraws what is shown (the open tournament or the list).
    const offLanguage = onLanguageChanged(() => {
      root.replaceChildren(...frame());
      if (this.current) void this.showTournament(this.current);
      else void this.showList();
    });
    this.events.once('shutdown', () => {
      offLanguage();
      this.stopWatching();
    });
    void this.showList();
  }

  private fail(error: unknown): void {
    this.errorEl.textContent = error instanceof Error ? error.message : String(error);
  }

  private act(fn: () => Promise<void>): () => void {
    return () => {
      this.errorEl.textContent = '';
      fn().catch((e: unknown) => this.fail(e));
    };
  }

  private stopWatching(): void {
    this.events$?.close();
    this.events$ = null;
    this.me$?.abort();
    this.me$ = null;
    this.current = null;
  }

  // ---------------------------------------------------------------- list + create

  private async showList(): Promise<void> {
    this.stopWatching();
    this.errorEl.textContent = '';
    let list: Summary[] = [];
    try {
      list = await call<Summary[]>('GET', '/');
    } catch (e) {
      this.fail(e);
    }
    const rows = list.length === 0
      ? [el('div', { textContent: t('tournament:none') })]
      : list.map((x) => button([x.name, `${gameTitle(x.game)} (${variantName(x.game, x.variant)})`, status(x.status),
        x.status === 'registration' ? t('tournament:starts', { time: new Date(x.startsAt).toLocaleTimeString(language()) }) : t('tournament:round_of', { round: x.currentRound, rounds: x.rounds })].join(' · '),
      () => void this.showTournament(x.id), { secondary: true }));
    this.body.replaceChildren(el('div', { className: 'jn-list' }, ...rows), this.createForm());
  }

  private createForm(): HTMLElement {
    const name = el('input', { placeholder: t('tournament:form.name'), maxLength: 40, value: t('tournament:form.default_name') });
    const gameSelect = el('select');
    for (const g of games) gameSelect.append(el('option', { value: g.id, textContent: gameTitle(g.id) }));
    const variantSelect = el('select');
    const fill = () => {
      const game = games.find((g) => g.id === gameSelect.value);
      variantSelect.replaceChildren(...(game?.variants ?? []).map((v) => el('option', { value: v, textContent: variantName(game!.id, v), selected: v === game?.defaultVariant })));
    };
    gameSelect.addEventListener('change', fill);
    fill();
    const tableSize = el('input', { type: 'number', min: '2', max: '8', value: '4', size: 3 });
    tableSize.setAttribute('aria-label', t('tournament:form.table_size'));
    const rounds = el('input', { type: 'number', min: '1', max: '20', value: '3', size: 3 });
    rounds.setAttribute('aria-label', t('tournament:form.rounds'));
    const format = el('select', {}, el('option', { value: 'swiss', textContent: t('tournament:format.swiss') }), el('option', { value: 'elimination', textContent: t('tournament:format.elimination') }));
    // How long each table waits for its players before a bot plays the empty seats (server default 60 s).
    const grace = el('input', { type: 'number', min: '1', max: '600', value: '60', size: 4, id: 'tournament-grace' });
    grace.setAttribute('aria-label', t('tournament:form.check_in_grace'));
    const isPrivate = el('input', { type: 'checkbox', id: 'tournament-private' });
    const create = this.act(async () => {
      const r = await call<{ tournament: Summary; organiserToken: string; privateCode: string | null }>('POST', '/', {
        name: name.value.trim() || t('tournament:form.default_name'), game: gameSelect.value, variant: variantSelect.value,
        tableSize: Number(tableSize.value), rounds: Number(rounds.value), format: format.value, checkInGraceSeconds: Number(grace.value),
        ...(isPrivate.checked ? { privateCode: true } : {}),
      });
      localStorage.setItem(ORGANISER_KEY(r.tournament.id), r.organiserToken);
      if (r.privateCode) window.alert(t('tournament:private_code', { code: r.privateCode }));
      await this.showTournament(r.tournament.id);
    });
    return el('div', {},
      el('h2', { textContent: t('tournament:form.heading') }),
      // Each field with its name in sight, not only for screen readers (issue 27).
      el('div', { className: 'jn-row' }, shownLabel(t('tournament:form.name'), name), shownLabel(t('tournament:form.format'), format)),
      el('div', { className: 'jn-row' }, shownLabel(t('tournament:form.game'), gameSelect), shownLabel(t('tournament:form.variant'), variantSelect)),
      el('div', { className: 'jn-row' },
        el('label', { className: 'jn-seat' }, el('span', { textContent: t('tournament:form.table') }), tableSize),
        el('label', { className: 'jn-seat' }, el('span', { textContent: t('tournament:form.rounds_short') }), rounds),
        el('label', { className: 'jn-seat', title: t('tournament:form.check_in_grace') }, el('span', { textContent: t('tournament:form.grace_short') }), grace),
        el('label', { className: 'jn-check', htmlFor: 'tournament-private' }, isPrivate, el('span', { textContent: t('tournament:form.private') }))),
      el('div', { className: 'jn-row' }, button(t('tournament:form.create'), create, { testId: 'tournament-create' })),
    );
  }

  // ---------------------------------------------------------------- one tournament

  private async showTournament(id: string): Promise<void> {
    this.stopWatching();
    this.current = id;
    const header = el('div');
    const mine = el('div', { className: 'jn-row', id: 'tournament-me' });
    const organiser = el('div');
    const standings = el('div', { className: 'jn-list jn-table-scroll', id: 'tournament-standings' });
    const tables = el('div', { className: 'jn-list', id: 'tournament-tables' });
    this.body.replaceChildren(header, mine, organiser, el('h2', { textContent: t('tournament:standings') }), standings, el('h2', { textContent: t('tournament:tables') }), tables);

    const render = (v: View) => {
      const x = v.tournament;
      header.replaceChildren(el('h2', { textContent: x.name }),
        el('div', { id: 'tournament-summary', textContent: [gameTitle(x.game), variantName(x.game, x.variant), t(`tournament:format.${x.format}`), status(x.status),
          ...(x.currentRound ? [x.format === 'swiss' ? t('tournament:round_of', { round: x.currentRound, rounds: x.rounds }) : t('tournament:round', { round: x.currentRound })] : []),
          t('tournament:checked_in_count', { checked: v.players.filter((p) => p.checkedIn).length, count: v.players.length })].join(' · ') }));
      standings.replaceChildren(this.standingsTable(v.standings));
      const round = v.rounds.at(-1);
      tables.replaceChildren(...(round ? round.tables.map((x) => el('div', {
        textContent: t('tournament:table_line', { n: x.number, status: status(x.status), seats: x.seats.map((s) => `${s.noShow ? t('tournament:no_show', { name: s.name }) : s.name}${s.place !== null ? ` #${s.place}` : ''}`).join(', ') }),
      })) : [el('div', { textContent: t('tournament:not_started') })]));
      this.renderOrganiser(organiser, id, v.tournament.status);
      void this.refreshMe(mine, id, v.tournament.status);
    };

    try {
      render(await call<View>('GET', `/${id}`));
    } catch (e) {
      this.fail(e);
      return;
    }
    // Live: the server pushes the whole public view after each change.
    const source = new EventSource(`/api/tournaments/${encodeURIComponent(id)}/events`);
    source.addEventListener('tournament', (e) => {
      if (this.current === id) render(JSON.parse((e as MessageEvent<string>).data) as View);
    });
    this.events$ = source;
  }

  /**
   * Your own view, pushed by the server whenever it changes (`event: me`): check-in, your table and
   * its room ("ready"), a bye. EventSource cannot send the token, so this reads the stream with
   * fetch; it reconnects after a drop until the scene stops watching.
   */
  private watchMe(id: string, stored: PlayerToken, onMe: (me: Me) => void): AbortController {
    const abort = new AbortController();
    const run = async () => {
      while (!abort.signal.aborted) {
        try {
          const res = await fetch(`/api/tournaments/${encodeURIComponent(id)}/me/events`, { headers: { authorization: `Bearer ${stored.token}` }, signal: abort.signal });
          if (!res.ok || !res.body) throw new Error(t('tournament:live_failed', { status: res.status }));
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value;
            let cut: number;
            while ((cut = buffer.indexOf('\n\n')) >= 0) {
              const frame = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              const data = /^data: (.*)$/m.exec(frame);
              if (/^event: me$/m.test(frame) && data && this.current === id) onMe(JSON.parse(data[1]) as Me);
            }
          }
        } catch (e) {
          if (abort.signal.aborted) return;
          if (e instanceof Error && /\(4\d\d\)/.test(e.message)) return this.fail(e);
        }
        await new Promise((r) => window.setTimeout(r, 3000));
      }
    };
    void run();
    return abort;
  }

  private standingsTable(rows: Standing[]): HTMLElement {
    const table = el('table');
    const head = ['rank', 'player', 'points', 'opponents', 'wins', 'played', 'no_shows'].map((h) => el('th', { textContent: t(`tournament:col.${h}`) }));
    head[3].title = t('tournament:col.opponents_long');
    head[6].title = t('tournament:col.no_shows_long');
    table.append(el('tr', {}, ...head));
    for (const s of rows) {
      // A no-show is said in words in the player's cell too, not only counted.
      const name = s.dropped ? t('tournament:dropped', { name: s.name }) : (s.noShows ?? 0) > 0 ? t('tournament:no_show', { name: s.name }) : s.name;
      table.append(el('tr', {}, ...[String(s.rank), name, String(s.points), s.opponentsPoints.toFixed(2), String(s.wins), String(s.played), String(s.noShows ?? 0)]
        .map((c) => el('td', { textContent: c }))));
    }
    return table;
  }

  private async refreshMe(box: HTMLElement, id: string, status: string): Promise<void> {
    const saved = localStorage.getItem(PLAYER_KEY(id));
    const stored = saved ? JSON.parse(saved) as PlayerToken : null;
    if (!stored) {
      if (status !== 'registration') {
        box.replaceChildren();
        return;
      }
      if (box.querySelector('input')) return; // keep what is being typed
      // The name typed once in the lobby (or the guest identity's) is used here too.
      const name = el('input', { placeholder: t('tournament:your_name'), maxLength: 40, value: '' });
      name.setAttribute('aria-label', t('tournament:your_name'));
      void knownName().then((n) => { if (!name.value) name.value = n; });
      const code = el('input', { placeholder: t('tournament:code'), maxLength: 12, size: 10 });
      code.setAttribute('aria-label', t('tournament:code_label'));
      box.replaceChildren(name, code, button(t('tournament:register'), this.act(async () => {
        // Registered as this browser's guest identity (ratings and history follow it), under the one name.
        if (name.value.trim()) await useName(name.value).catch(() => undefined);
        const r = await call<PlayerToken & { identity: Identity; guestToken?: string }>('POST', `/${id}/register`, { name: name.value.trim(), ...(code.value.trim() ? { code: code.value.trim() } : {}) }, identityToken());
        if (r.guestToken) adoptIdentity({ token: r.guestToken, identity: r.identity });
        rememberName(r.name);
        localStorage.setItem(PLAYER_KEY(id), JSON.stringify({ token: r.token, seatId: r.seatId, name: r.name }));
        await this.refreshMe(box, id, 'registration');
      }), { testId: 'tournament-register' }));
      return;
    }
    // Registered: your own stream renders this box from now on (first frame at once).
    this.me$ ??= this.watchMe(id, stored, (me) => this.renderMe(box, id, stored, me));
  }

  private renderMe(box: HTMLElement, id: string, stored: PlayerToken, me: Me): void {
    const parts: (HTMLElement | string)[] = [el('span', { textContent: t('tournament:me.you', { name: me.name }) })];
    if (!me.checkedIn && me.status !== 'finished') {
      parts.push(button(t('tournament:me.check_in'), this.act(async () => {
        await call('POST', `/${id}/check-in`, {}, stored.token); // the stream shows the change
      }), { testId: 'tournament-check-in' }));
    } else if (me.table?.ready && me.table.roomId) {
      const roomId = me.table.roomId;
      parts.push(el('strong', { textContent: t('tournament:me.ready', { n: me.table.number }) }),
        button(t('tournament:me.join'), this.act(async () => {
          const connection = new Connection();
          await connection.joinById(roomId, { name: stored.name, playerId: stored.seatId });
          this.scene.start('table', { connection });
        }), { testId: 'tournament-join' }));
    } else if (me.bye) {
      parts.push(el('span', { textContent: t('tournament:me.bye') }));
    } else if (me.status === 'finished') {
      parts.push(el('span', { textContent: t('tournament:me.over') }));
    } else {
      parts.push(el('span', { textContent: me.checkedIn ? t('tournament:me.checked_in') : '' }));
    }
    box.replaceChildren(...parts);
  }

  private renderOrganiser(box: HTMLElement, id: string, status: string): void {
    const token = localStorage.getItem(ORGANISER_KEY(id));
    if (!token) {
      box.replaceChildren();
      return;
    }
    const post = (path: string) => this.act(async () => {
      await call('POST', `/${id}/${path}`, {}, token);
    });
    const actions: HTMLElement[] = [];
    if (status === 'registration') actions.push(button(t('tournament:org.start'), post('start'), { testId: 'tournament-start' }));
    if (status === 'running') actions.push(button(t('tournament:org.pause'), post('pause'), { secondary: true, testId: 'tournament-pause' }));
    if (status === 'paused') actions.push(button(t('tournament:org.unpause'), post('unpause'), { testId: 'tournament-unpause' }));
    if (status === 'running' || status === 'paused') actions.push(button(t('tournament:org.end_round'), post('end-round'), { secondary: true, testId: 'tournament-end-round' }));
    box.replaceChildren(el('div', { className: 'jn-row' }, el('span', { textContent: t('tournament:org.label') }), ...actions));
  }
}

/** A tournament's or table's status in the reader's language. */
function status(value: string): string {
  const key = `tournament:status.${value}`;
  const text = t(key);
  return text === key || text.endsWith(`status.${value}`) ? value : text;
}

/**
 * A form field under its visible name. The label points at the control (`for`) rather than wrapping
 * it, so the field's accessible name is the label alone, not the label plus the chosen option.
 */
function shownLabel(text: string, control: HTMLElement): HTMLDivElement {
  control.id ||= `tournament-field-${++fieldIds}`;
  return el('div', { className: 'jn-field' }, el('label', { htmlFor: control.id, textContent: text }), control);
}
let fieldIds = 0;
