/**
 * The live list of public tables (Colyseus LobbyRoom, metadata from GameRoom.publishMetadata):
 * tables waiting for players (Join) and games being played (Watch, as a spectator).
 */
import type { Client, Room } from 'colyseus.js';
import { t } from '../i18n/index.js';
import { el } from '../ui/dom.js';
import { gameTitle, variantName } from './names.js';
import { identityToken } from '../net/identity.js';

export interface ListedRoom { roomId: string; metadata?: { game: string; variant: string; seats: number; taken: number; free: number; phase: string; private?: boolean } }

export interface TableActions { join(roomId: string): void; watch(roomId: string): void }

export class TableList {
  readonly element = el('section', { className: 'jn-tables', id: 'tables' });
  private listed = new Map<string, ListedRoom>();
  private room: Room | null = null;
  private unavailable = false;

  constructor(private readonly actions: TableActions) {
    this.render();
  }

  async watch(client: Client): Promise<void> {
    try {
      // With the guest token, those who follow this identity see it online (docs/protocol.md "Friends").
      const token = identityToken();
      this.room = await client.joinOrCreate('lobby', token ? { token } : {});
    } catch {
      this.unavailable = true;
      this.render();
      return;
    }
    this.room.onMessage('rooms', (rooms: ListedRoom[]) => {
      this.listed = new Map(rooms.map((r) => [r.roomId, r]));
      this.render();
    });
    this.room.onMessage('+', ([roomId, room]: [string, ListedRoom]) => {
      this.listed.set(roomId, room);
      this.render();
    });
    this.room.onMessage('-', (roomId: string) => {
      this.listed.delete(roomId);
      this.render();
    });
  }

  stop(): void {
    void this.room?.leave();
    this.room = null;
  }

  render(): void {
    const rooms = [...this.listed.values()].filter((r) => r.metadata && !r.metadata.private);
    const waiting = rooms.filter((r) => r.metadata!.phase === 'waiting' && r.metadata!.free > 0);
    const playing = rooms.filter((r) => r.metadata!.phase === 'playing');
    const line = (r: ListedRoom, action: 'join' | 'watch') => {
      const m = r.metadata!;
      const b = el('button', { type: 'button', className: 'secondary', textContent: t(`lobby:tables.${action}`) });
      b.dataset.testid = `${action}-${r.roomId}`;
      b.setAttribute('aria-label', `${t(`lobby:tables.${action}`)}: ${gameTitle(m.game)}`);
      b.addEventListener('click', () => this.actions[action](r.roomId));
      return el('div', { className: 'jn-table-line' },
        el('span', { textContent: t('lobby:tables.line', { title: gameTitle(m.game), variant: variantName(m.game, m.variant), taken: m.taken, seats: m.seats }) }), b);
    };
    const empty = (key: string) => el('div', { className: 'jn-muted', textContent: t(key) });
    this.element.replaceChildren(
      el('h2', { textContent: t('lobby:tables.open') }),
      this.unavailable ? empty('lobby:tables.unavailable') : waiting.length ? el('div', { className: 'jn-list' }, ...waiting.map((r) => line(r, 'join'))) : empty('lobby:tables.none_open'),
      el('h2', { textContent: t('lobby:tables.playing') }),
      this.unavailable ? empty('lobby:tables.unavailable') : playing.length ? el('div', { className: 'jn-list' }, ...playing.map((r) => line(r, 'watch'))) : empty('lobby:tables.none_playing'),
    );
  }
}
