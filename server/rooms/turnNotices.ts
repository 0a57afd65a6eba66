/**
 * "Your turn" by Web Push (server/push/sender.ts), turn-based tables only: each seat that has just
 * been given the turn (to move against a deadline it was not told of: a new turn, or the next phase
 * after its clock ran out), whose player has no connection to the table, is told on their closed pages.
 */
import type { TableState, PlayerState } from '../state/TableState.js';
import type { TurnNotifier } from '../push/sender.js';

export interface TurnTable {
  state: TableState;
  tableId: string;
  game: string;
  identityOf(player: PlayerState): { id: string } | null | undefined;
}

export class TurnNotices {
  /** Each seat to move and the deadline it was told of. */
  private told = new Map<number, number>();

  constructor(private readonly push: TurnNotifier) {}

  /** A table woken from its sleep: those to move then were told then (`deadline` in the table's time). */
  toldBefore(seats: readonly number[], deadline: number): void {
    this.told = new Map(seats.map((seat) => [seat, deadline]));
  }

  /** The table changed: tell each seat newly given the turn. */
  announce(table: TurnTable): void {
    const { state } = table;
    const deadline = state.deadline;
    const given = [...state.active].filter((seat) => this.told.get(seat) !== deadline);
    this.told = new Map([...state.active].map((seat) => [seat, deadline]));
    if (given.length === 0 || !this.push.enabled) return;
    const players = [...state.players.values()];
    for (const seat of given) {
      const player = players.find((p) => p.seat === seat && !p.bot);
      const identity = player && !player.connected ? table.identityOf(player) : null;
      if (!identity) continue;
      const others = players.filter((p) => p.seat !== seat).sort((a, b) => a.seat - b.seat).map((p) => p.name);
      this.push.yourTurn({ identityId: identity.id, tableId: table.tableId, game: table.game, others });
    }
  }
}
