/**
 * Tournaments (scene key 'tournaments'): the list, one tournament's standings and tables (live
 * over Server-Sent Events, GET /api/tournaments/:id/events), register / check in, "your table is
 * ready — Join" (pushed on your own stream, GET /api/tournaments/:id/me/events with your token),
 * and an organiser panel (create, start, pause, unpause, end round).
 * Tokens are kept in localStorage per tournament, so a reload keeps your registration.
 */
import Phaser from 'phaser';
import { catalogue as games } from '../../shared/games/catalogue.js';
import { Connection } from '../net/connection.js';
import { button, el } from '../ui/dom.js';
import { adoptIdentity, identityToken, type Identity } from '../net/identity.js';

const NAME_KEY = 'junction.name';
const PLAYER_KEY = (id: string) => `junction.tournament.${id}.player`;
const ORGANISER_KEY = (id: string) => `junction.tournament.${id}.organiser`;

interface Summary { id: string; name: string; game: string; variant: string; format: string; status: string; currentRound: number; rounds: number; startsAt: number; private: boolean }
interface Standing { rank: number; playerId: string; name: string; points: number; opponentsPoints: number; wins: number; played: number; dropped: boolean }
interface TableView { id: string; number: number; roomId: string | null; status: string; seats: { playerId: string; name: string; place: number | null; points: number | null }[] }
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
  const data = (await res.json().catch(() => ({}))) as T & { error?: string };
  if (!res.ok) throw new Error(data.error ?? `Request failed (${res.status})`);
  return data;
}

export class TournamentScene extends Phaser.Scene {
  private dom: Phaser.GameObjects.DOMElement | null = null;
  private body!: HTMLDivElement;
  private errorEl!: HTMLDivElement;
  private events$: EventSource | null = null;
  private me$: AbortController | null = null;
  private current: string | null = null;

  constructor() {
    super('tournaments');
  }

  create(): void {
    this.errorEl = el('div', { className: 'jn-error', role: 'alert' });
    this.body = el('div');
    const panel = el('div', { className: 'jn-panel', id: 'tournaments' },
      el('h1', { textContent: 'TOURNAMENTS' }),
      el('div', { className: 'jn-row' },
        button('Back to lobby', () => this.scene.start('lobby'), { secondary: true, testId: 'to-lobby' }),
        button('All tournaments', () => void this.showList(), { secondary: true, testId: 'tournament-list' })),
      this.errorEl,
      this.body,
    );
    this.dom = this.add.dom(0, 0, panel).setOrigin(0.5, 0);
    this.layout();
    this.scale.on('resize', this.layout, this);
    this.events.once('shutdown', () => {
      this.scale.off('resize', this.layout, this);
      this.stopWatching();
    });
    void this.showList();
  }

  private layout(): void {
    this.dom?.setPosition(this.scale.width / 2, 24);
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
      ? [el('div', { textContent: 'No tournament yet: create one below.' })]
      : list.map((t) => button(`${t.name} · ${t.game} ${t.variant} · ${t.status}${t.status === 'registration' ? ` · starts ${new Date(t.startsAt).toLocaleTimeString()}` : ` · round ${t.currentRound}/${t.rounds}`}`,
        () => void this.showTournament(t.id), { secondary: true }));
    this.body.replaceChildren(el('div', { className: 'jn-list' }, ...rows), this.createForm());
  }

  private createForm(): HTMLElement {
    const name = el('input', { placeholder: 'Tournament name', maxLength: 40, value: 'Tournament night' });
    name.setAttribute('aria-label', 'Tournament name');
    const gameSelect = el('select');
    gameSelect.setAttribute('aria-label', 'Game');
    for (const g of games) gameSelect.append(el('option', { value: g.id, textContent: g.title }));
    const variantSelect = el('select');
    variantSelect.setAttribute('aria-label', 'Variant');
    const fill = () => {
      const game = games.find((g) => g.id === gameSelect.value);
      variantSelect.replaceChildren(...(game?.variants ?? []).map((v) => el('option', { value: v, textContent: v.replace('_', ' '), selected: v === game?.defaultVariant })));
    };
    gameSelect.addEventListener('change', fill);
    fill();
    const tableSize = el('input', { type: 'number', min: '2', max: '8', value: '4', size: 3 });
    tableSize.setAttribute('aria-label', 'Table size');
    const rounds = el('input', { type: 'number', min: '1', max: '20', value: '3', size: 3 });
    rounds.setAttribute('aria-label', 'Rounds');
    const format = el('select', {}, el('option', { value: 'swiss', textContent: 'Swiss' }), el('option', { value: 'elimination', textContent: 'Elimination' }));
    format.setAttribute('aria-label', 'Format');
    const isPrivate = el('input', { type: 'checkbox' });
    const create = this.act(async () => {
      const r = await call<{ tournament: Summary; organiserToken: string; privateCode: string | null }>('POST', '/', {
        name: name.value.trim() || 'Tournament night', game: gameSelect.value, variant: variantSelect.value,
        tableSize: Number(tableSize.value), rounds: Number(rounds.value), format: format.value,
        ...(isPrivate.checked ? { privateCode: true } : {}),
      });
      localStorage.setItem(ORGANISER_KEY(r.tournament.id), r.organiserToken);
      if (r.privateCode) window.alert(`Private code: ${r.privateCode}`);
      await this.showTournament(r.tournament.id);
    });
    return el('div', {},
      el('h2', { textContent: 'Organise a tournament' }),
      el('div', { className: 'jn-row' }, name, format),
      el('div', { className: 'jn-row' }, gameSelect, variantSelect,
        el('label', { textContent: 'Table ' }, tableSize), el('label', { textContent: 'Rounds ' }, rounds),
        el('label', { textContent: 'Private ' }, isPrivate)),
      el('div', { className: 'jn-row' }, button('Create', create, { testId: 'tournament-create' })),
    );
  }

  // ---------------------------------------------------------------- one tournament

  private async showTournament(id: string): Promise<void> {
    this.stopWatching();
    this.current = id;
    const header = el('div');
    const mine = el('div', { className: 'jn-row', id: 'tournament-me' });
    const organiser = el('div');
    const standings = el('div', { className: 'jn-list', id: 'tournament-standings' });
    const tables = el('div', { className: 'jn-list', id: 'tournament-tables' });
    this.body.replaceChildren(header, mine, organiser, el('h2', { textContent: 'Standings' }), standings, el('h2', { textContent: 'Tables' }), tables);

    const render = (v: View) => {
      const t = v.tournament;
      header.replaceChildren(el('h2', { textContent: t.name }),
        el('div', { textContent: `${t.game} · ${t.variant} · ${t.format} · ${t.status}${t.currentRound ? ` · round ${t.currentRound}${t.format === 'swiss' ? `/${t.rounds}` : ''}` : ''} · ${v.players.filter((p) => p.checkedIn).length}/${v.players.length} checked in` }));
      standings.replaceChildren(this.standingsTable(v.standings));
      const round = v.rounds.at(-1);
      tables.replaceChildren(...(round ? round.tables.map((x) => el('div', {
        textContent: `Table ${x.number} (${x.status}): ${x.seats.map((s) => `${s.name}${s.place !== null ? ` #${s.place}` : ''}`).join(', ')}`,
      })) : [el('div', { textContent: 'Not started yet.' })]));
      this.renderOrganiser(organiser, id, t.status);
      void this.refreshMe(mine, id, t.status);
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
          if (!res.ok || !res.body) throw new Error(`Your live updates failed (${res.status})`);
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
    table.append(el('tr', {}, ...['#', 'Player', 'Points', 'Opp.', 'Wins', 'Played'].map((h) => el('th', { textContent: h }))));
    for (const s of rows) {
      table.append(el('tr', {}, ...[String(s.rank), `${s.name}${s.dropped ? ' (dropped)' : ''}`, String(s.points), s.opponentsPoints.toFixed(2), String(s.wins), String(s.played)]
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
      const name = el('input', { placeholder: 'Your name', maxLength: 40, value: localStorage.getItem(NAME_KEY) ?? '' });
      name.setAttribute('aria-label', 'Your name');
      const code = el('input', { placeholder: 'Code (private)', maxLength: 12, size: 10 });
      code.setAttribute('aria-label', 'Private tournament code');
      box.replaceChildren(name, code, button('Register', this.act(async () => {
        // Registered as this browser's guest identity (ratings and history follow it).
        const r = await call<PlayerToken & { identity: Identity; guestToken?: string }>('POST', `/${id}/register`, { name: name.value.trim(), ...(code.value.trim() ? { code: code.value.trim() } : {}) }, identityToken());
        if (r.guestToken) adoptIdentity({ token: r.guestToken, identity: r.identity });
        localStorage.setItem(NAME_KEY, r.name);
        localStorage.setItem(PLAYER_KEY(id), JSON.stringify({ token: r.token, seatId: r.seatId, name: r.name }));
        await this.refreshMe(box, id, 'registration');
      }), { testId: 'tournament-register' }));
      return;
    }
    // Registered: your own stream renders this box from now on (first frame at once).
    this.me$ ??= this.watchMe(id, stored, (me) => this.renderMe(box, id, stored, me));
  }

  private renderMe(box: HTMLElement, id: string, stored: PlayerToken, me: Me): void {
    const parts: (HTMLElement | string)[] = [el('span', { textContent: `You: ${me.name}. ` })];
    if (!me.checkedIn && me.status !== 'finished') {
      parts.push(button('Check in', this.act(async () => {
        await call('POST', `/${id}/check-in`, {}, stored.token); // the stream shows the change
      }), { testId: 'tournament-check-in' }));
    } else if (me.table?.ready && me.table.roomId) {
      const roomId = me.table.roomId;
      parts.push(el('strong', { textContent: `Your table ${me.table.number} is ready — ` }),
        button('Join', this.act(async () => {
          const connection = new Connection();
          await connection.joinById(roomId, { name: stored.name, playerId: stored.seatId });
          this.scene.start('table', { connection });
        }), { testId: 'tournament-join' }));
    } else if (me.bye) {
      parts.push(el('span', { textContent: 'You have a bye this round.' }));
    } else if (me.status === 'finished') {
      parts.push(el('span', { textContent: 'The tournament is over.' }));
    } else {
      parts.push(el('span', { textContent: me.checkedIn ? 'Checked in: wait for your table.' : '' }));
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
    if (status === 'registration') actions.push(button('Start', post('start'), { testId: 'tournament-start' }));
    if (status === 'running') actions.push(button('Pause', post('pause'), { secondary: true, testId: 'tournament-pause' }));
    if (status === 'paused') actions.push(button('Unpause', post('unpause'), { testId: 'tournament-unpause' }));
    if (status === 'running' || status === 'paused') actions.push(button('End round now', post('end-round'), { secondary: true, testId: 'tournament-end-round' }));
    box.replaceChildren(el('div', { className: 'jn-row' }, el('span', { textContent: 'Organiser: ' }), ...actions));
  }
}
