/**
 * Orders two race actions by their arrival at an in-process room, without sleeping: the second is
 * sent the moment the room has taken in the first. On a loaded machine the room may still apply
 * the first (its race hold over) before the second comes in; such a try tests nothing, so it is
 * reported and the caller tries again on a fresh table.
 */
import type { Room as ClientRoom } from 'colyseus.js';
import type { GameRoom } from '../../server/rooms/GameRoom.js';
import { eventually } from './server.js';

type ActionHandler = { callback: (client: { sessionId: string }, message: unknown) => void };

/** Calls `seen` around each 'action' message the room handles: just before ('before') and just after ('after'). */
export function watchActions(room: GameRoom, seen: (sessionId: string, when: 'before' | 'after') => void): () => void {
  const handler = (room as unknown as { onMessageHandlers: Record<string, ActionHandler> }).onMessageHandlers.action;
  const callback = handler.callback;
  handler.callback = (client, message) => {
    seen(client.sessionId, 'before');
    callback(client, message);
    seen(client.sessionId, 'after');
  };
  return () => { handler.callback = callback; };
}

export interface Sender { from: ClientRoom; send(): void }

/**
 * Sends `first`, then `second` as soon as the room has handled `first`. True when nothing had been
 * applied to the table between the two (the first was still held for the race window when the
 * second arrived); false when the try proves nothing.
 */
export async function sendInTurn(room: GameRoom, first: Sender, second: Sender): Promise<boolean> {
  let engineAfterFirst: unknown;
  let firstStillHeld: boolean | undefined;
  const stop = watchActions(room, (sessionId, when) => {
    if (engineAfterFirst === undefined && sessionId === first.from.sessionId && when === 'after') {
      engineAfterFirst = room.engineState;
      second.send();
    } else if (engineAfterFirst !== undefined && firstStillHeld === undefined && sessionId === second.from.sessionId && when === 'before') {
      firstStillHeld = room.engineState === engineAfterFirst; // the engine's state is replaced by every applied action
    }
  });
  try {
    first.send();
    return (await eventually(() => (firstStillHeld === undefined ? undefined : { firstStillHeld }), 30_000, 'both actions at the room')).firstStillHeld;
  } finally {
    stop();
  }
}
