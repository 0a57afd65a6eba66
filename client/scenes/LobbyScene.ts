/**
 * The lobby: your name (remembered), quick play per game, a private table, join by code, and the
 * live list of public tables waiting for players (Colyseus LobbyRoom).
 */
import Phaser from 'phaser';
import type { Room } from 'colyseus.js';
import { catalogue as games } from '../../shared/games/catalogue.js';
import { Connection } from '../net/connection.js';
import { button, el } from '../ui/dom.js';
import { claim, currentIdentity, ensureIdentity, rename } from '../net/identity.js';

/** Client routes live in the hash (/#/replay/<id>); the server redirects /replay/<id> there. */
type Route = { scene: 'replay'; id: string } | { scene: 'profile'; id: string } | { scene: 'leaderboard'; game: string } | { scene: 'claim'; code: string } | null;

function route(): Route {
  const m = /^#\/(replay|profile|leaderboards|claim)\/([A-Za-z0-9_-]{1,64})$/.exec(window.location.hash);
  if (!m) return null;
  if (m[1] === 'replay') return { scene: 'replay', id: m[2] };
  if (m[1] === 'profile') return { scene: 'profile', id: m[2] };
  if (m[1] === 'leaderboards') return { scene: 'leaderboard', game: m[2] };
  return { scene: 'claim', code: m[2] };
}

const NAME_KEY = 'junction.name';

interface ListedRoom { roomId: string; metadata?: { game: string; variant: string; seats: number; taken: number; free: number; phase: string } }

export class LobbyScene extends Phaser.Scene {
  private lobby: Room | null = null;
  private listed = new Map<string, ListedRoom>();
  private listEl!: HTMLDivElement;
  private errorEl!: HTMLDivElement;
  private dom: Phaser.GameObjects.DOMElement | null = null;

  constructor() {
    super('lobby');
  }

  async create(): Promise<void> {
    const next = route();
    if (next?.scene === 'replay') return void this.scene.start('replay', { id: next.id });
    if (next?.scene === 'profile') return void this.scene.start('players', { view: 'profile', id: next.id });
    if (next?.scene === 'leaderboard') return void this.scene.start('players', { view: 'leaderboard', game: next.game });
    let claimError = '';
    if (next?.scene === 'claim') {
      window.location.hash = '';
      try {
        await claim(next.code);
        return void this.scene.start('players', { view: 'profile' });
      } catch (error) {
        claimError = error instanceof Error ? error.message : String(error);
      }
    }
    const connection = new Connection();
    if (await connection.resume()) {
      this.scene.start('table', { connection });
      return;
    }
    this.buildPanel(connection);
    this.errorEl.textContent = claimError;
    void ensureIdentity().then((me) => {
      const input = document.getElementById('name') as HTMLInputElement | null;
      if (input && !input.value) input.value = me.name;
    }).catch((error: unknown) => { this.errorEl.textContent = `Could not reach the server: ${String(error)}`; });
    this.scale.on('resize', this.layout, this);
    this.events.once('shutdown', () => {
      this.scale.off('resize', this.layout, this);
      void this.lobby?.leave();
      this.lobby = null;
    });
    void this.watchTables(connection);
  }

  private buildPanel(connection: Connection): void {
    const name = el('input', { id: 'name', placeholder: 'Your name', maxLength: 24, value: localStorage.getItem(NAME_KEY) ?? '' });
    name.setAttribute('aria-label', 'Your name');
    const gameSelect = el('select', { id: 'game-select' });
    gameSelect.setAttribute('aria-label', 'Game');
    for (const g of games) gameSelect.append(el('option', { value: g.id, textContent: g.title }));
    const variantSelect = el('select', { id: 'variant-select' });
    variantSelect.setAttribute('aria-label', 'Variant');
    const players = el('input', { id: 'players', type: 'number', min: '2', max: '8', value: '2' });
    players.setAttribute('aria-label', 'Players');
    const fillVariants = () => {
      const game = games.find((g) => g.id === gameSelect.value);
      variantSelect.replaceChildren(...(game?.variants ?? []).map((v) => el('option', { value: v, textContent: v.replace('_', ' '), selected: v === game?.defaultVariant })));
      fillPlayers();
    };
    const fillPlayers = () => {
      const game = games.find((g) => g.id === gameSelect.value);
      if (!game) return;
      const parsed = game.optionsSchema.safeParse({ variant: variantSelect.value });
      const range = parsed.success ? game.seatRange(parsed.data) : { min: 2, max: 8 };
      players.min = String(range.min);
      players.max = String(range.max);
      players.value = String(Math.min(range.max, Math.max(range.min, Number(players.value) || range.min)));
    };
    gameSelect.addEventListener('change', fillVariants);
    variantSelect.addEventListener('change', fillPlayers);
    fillVariants();

    const code = el('input', { id: 'code', placeholder: 'Code', maxLength: 12, size: 10 });
    code.setAttribute('aria-label', 'Private table code');
    this.errorEl = el('div', { className: 'jn-error', role: 'alert' });
    this.listEl = el('div', { className: 'jn-list', id: 'tables' });
    this.listEl.setAttribute('aria-label', 'Public tables waiting for players');

    const joinOpts = () => {
      const n = name.value.trim();
      if (n) localStorage.setItem(NAME_KEY, n);
      return { name: n || undefined };
    };
    const tableOpts = () => ({ ...joinOpts(), variant: variantSelect.value, players: Number(players.value) });
    const go = (attempt: () => Promise<void>) => async () => {
      this.errorEl.textContent = '';
      try {
        // Seats are taken as this browser's guest identity: a changed name is saved to it first.
        const me = currentIdentity() ?? await ensureIdentity();
        const wanted = name.value.trim();
        if (wanted && wanted !== me.name) await rename(wanted);
        await attempt();
        this.scene.start('table', { connection });
      } catch (error) {
        this.errorEl.textContent = error instanceof Error ? error.message : String(error);
      }
    };
    code.addEventListener('keydown', (e) => { if (e.key === 'Enter') void go(() => connection.joinByCode(code.value, joinOpts()))(); });

    const panel = el('div', { className: 'jn-panel' },
      el('h1', { textContent: 'JUNCTION' }),
      el('div', { textContent: 'Traffic games with friends, strangers or bots.' }),
      el('div', { className: 'jn-row' }, name),
      el('div', { className: 'jn-row' }, gameSelect, variantSelect, el('label', { textContent: 'Players ' }, players)),
      el('div', { className: 'jn-row' },
        button('Quick play', go(() => connection.quickPlay(gameSelect.value, tableOpts())), { testId: 'quick-play' }),
        button('Create private table', go(() => connection.createPrivate(gameSelect.value, tableOpts())), { secondary: true, testId: 'create-private' })),
      el('div', { className: 'jn-row' }, code,
        button('Join by code', go(() => connection.joinByCode(code.value, joinOpts())), { secondary: true, testId: 'join-code' })),
      el('div', { className: 'jn-row' }, button('Tournaments', () => this.scene.start('tournaments'), { secondary: true, testId: 'tournaments' }),
        button('My profile', () => this.scene.start('players', { view: 'profile' }), { secondary: true, testId: 'profile' }),
        button('Leaderboards', () => this.scene.start('players', { view: 'leaderboard' }), { secondary: true, testId: 'leaderboards' })),
      this.errorEl,
      el('div', { textContent: 'Open tables' }),
      this.listEl,
    );
    this.listEl.addEventListener('click', (e) => {
      const roomId = (e.target as HTMLElement).closest('button')?.dataset.roomId;
      if (roomId) void go(() => connection.joinById(roomId, joinOpts()))();
    });
    this.dom = this.add.dom(0, 0, panel).setOrigin(0.5, 0);
    this.layout();
    name.focus();
  }

  private layout(): void {
    this.dom?.setPosition(this.scale.width / 2, 24);
  }

  private async watchTables(connection: Connection): Promise<void> {
    try {
      this.lobby = await connection.client.joinOrCreate('lobby');
    } catch {
      this.listEl.textContent = 'The table list is unavailable right now.';
      return;
    }
    this.lobby.onMessage('rooms', (rooms: ListedRoom[]) => {
      this.listed = new Map(rooms.map((r) => [r.roomId, r]));
      this.renderList();
    });
    this.lobby.onMessage('+', ([roomId, room]: [string, ListedRoom]) => {
      this.listed.set(roomId, room);
      this.renderList();
    });
    this.lobby.onMessage('-', (roomId: string) => {
      this.listed.delete(roomId);
      this.renderList();
    });
  }

  private renderList(): void {
    const waiting = [...this.listed.values()].filter((r) => r.metadata?.phase === 'waiting' && r.metadata.free > 0);
    if (waiting.length === 0) {
      this.listEl.replaceChildren(el('div', { textContent: 'No table is waiting: start one with Quick play.' }));
      return;
    }
    this.listEl.replaceChildren(...waiting.map((r) => {
      const m = r.metadata!;
      const title = games.find((g) => g.id === m.game)?.title ?? m.game;
      const b = el('button', { type: 'button', textContent: `${title} · ${m.variant} · ${m.taken}/${m.seats} seated, ${m.free} free` });
      b.dataset.roomId = r.roomId;
      return b;
    }));
  }
}
