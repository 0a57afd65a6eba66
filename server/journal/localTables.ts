/**
 * The journaled tables open in this process (issue 24): what a lost lease checks against the
 * store, and what SIGTERM hands over to the other processes. GameRoom registers a table when its
 * journal starts (a game started or reopened) and removes it when the room goes.
 */
export interface MovableTable {
  readonly roomId: string;
  /** The fencing token this copy writes under. */
  journalFence(): number;
  /** Another process holds the table now: close this copy and send its clients there. */
  movedAway(): void;
  /** SIGTERM with other processes alive: stop, make the journal durable, write nothing more, send the clients on. */
  handOver(): Promise<void>;
}

const tables = new Set<MovableTable>();

export const localTables = {
  add(table: MovableTable): void { tables.add(table); },
  delete(table: MovableTable): void { tables.delete(table); },
  all(): MovableTable[] { return [...tables]; },
};
