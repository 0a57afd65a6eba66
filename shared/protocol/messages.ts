/**
 * Client → server messages other than game actions, validated at the room's edge.
 * Game actions are validated by each game's own `actionSchema` (shared/games/<game>/).
 */
import { z } from 'zod';
import { playerName } from './names.js';

export const clientTimestamp = z.number().finite().nonnegative();

/** Envelope of a game action: `a` is the game's action, `id` a client sequence number for ack/rollback. */
export const actionEnvelope = z.object({
  id: z.number().int().nonnegative().max(2 ** 31),
  a: z.unknown(),
  /** The client's estimate of server time when the player acted (race arbitration). */
  t: clientTimestamp.optional(),
  /** The state version the player saw. */
  v: z.number().int().nonnegative().optional(),
});
export type ActionEnvelope = z.infer<typeof actionEnvelope>;

export const pingMessage = z.object({ c: clientTimestamp });
/** The client's answer to a pong: its nonce, echoed at once, so the room times the round trip itself. */
export const echoMessage = z.object({ n: z.number().int().nonnegative().max(2 ** 48) });

export const addBotMessage = z.object({ level: z.enum(['easy', 'hard']).default('easy') });
export const removeBotMessage = z.object({ seat: z.number().int().min(0).max(15) });
export const configureMessage = z.object({ options: z.record(z.string(), z.unknown()) });
export const startMessage = z.object({}).strip();

/**
 * Close code for a connection whose seat was taken over by a newer connection of the same
 * identity (another tab or device): the client says so and does not reconnect.
 */
export const CLOSE_SEAT_TAKEN_OVER = 4010;

/**
 * Close code for "your table moved to another process" (issue 24: a takeover, a SIGTERM handover):
 * the client finds the table again by its id (docs/protocol.md "Retaking a seat").
 */
export const CLOSE_TABLE_MOVED = 4011;

export const joinOptions = z.object({
  name: playerName.optional(),
  spectator: z.boolean().optional(),
  private: z.boolean().optional(),
  /** The guest identity's device token (server/identity): links the seat to the player. */
  token: z.string().max(200).optional(),
}).passthrough();

/** Room and edge error codes sent in `error` messages (the client reads `server:error.<code>`). */
export const ErrorCodes = {
  badMessage: 'bad_message',
  rateLimited: 'rate_limited',
  notSeated: 'not_seated',
  notHost: 'not_host',
  wrongPhase: 'wrong_phase',
  unknownMessage: 'unknown_message',
  tableFull: 'table_full',
  tooLarge: 'too_large',
} as const;

/**
 * A refusal to one client: `key` is the full i18n key (`server:error.<code>` for the room and its
 * edge, `<gameId>:error.<code>` for the rules), `id` the refused action's.
 */
export interface ErrorMessage { code: string; key: string; params?: Record<string, string | number>; id?: number }
export interface AckMessage { id: number; version: number }
/** `n`: a nonce the client echoes at once (`echo { n }`): the room's own round-trip probe. */
export interface PongMessage { c: number; s: number; n: number }
