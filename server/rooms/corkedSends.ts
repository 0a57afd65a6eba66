/**
 * One socket write per client per outcome (issue 31): the patch, the ack and anything else sent
 * while `send` runs leave together. Each send of the `ws` library is its own write (a syscall and
 * a stream turn); with every client's socket corked they are gathered and written once on uncork.
 */
import type { Client } from '@colyseus/core';

interface Corkable {
  cork(): void;
  uncork(): void;
}

/** The TCP socket under a Colyseus websocket client (`ws` keeps it as `_socket`), if there is one. */
function socketOf(client: Client): Corkable | undefined {
  const socket = (client as unknown as { ref?: { _socket?: Partial<Corkable> } }).ref?._socket;
  return typeof socket?.cork === 'function' && typeof socket.uncork === 'function' ? socket as Corkable : undefined;
}

export function corked(clients: Iterable<Client>, send: () => void): void {
  const sockets: Corkable[] = [];
  for (const client of clients) {
    const socket = socketOf(client);
    if (!socket) continue;
    socket.cork();
    sockets.push(socket);
  }
  try {
    send();
  } finally {
    for (const socket of sockets) socket.uncork();
  }
}
