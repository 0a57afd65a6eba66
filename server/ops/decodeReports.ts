/**
 * Clients' reports of state patches they could not decode. @colyseus/schema 3's decoder only logs a
 * "refId not found" and goes on with a corrupt state (STACK-NOTES 23); the client notices, resyncs
 * (client/net/decodeGuard.ts) and sends `decode_error` `{ kind }` so that operators see it happen:
 * `junction_client_decode_errors_total{game, kind}`, both labels from fixed sets. One report per
 * connection is counted (a resync makes a new connection), so a client repeating it cannot inflate
 * the count; the room's message edge rate-limits the frames like every other message.
 */
import client from 'prom-client';
import { z } from 'zod';
import type { Client } from '@colyseus/core';
import { registry } from './metrics.js';
import { roomRefusal } from '../i18n/serverMessages.js';

export const DECODE_FAILURES = ['corrupt_patch', 'decode_exception'] as const;

const report = z.object({
  kind: z.enum(DECODE_FAILURES),
  /** The state version the client held when it failed (for the log line only). */
  version: z.number().int().min(0).max(2 ** 31).optional(),
}).strict();

export const clientDecodeErrors = new client.Counter({
  name: 'junction_client_decode_errors_total',
  help: 'State patches a client reported it could not decode (it resyncs by reconnecting)',
  labelNames: ['game', 'kind'],
  registers: [registry],
});

const counted = new WeakSet<Client>();

/** `game` is the room's registered game id; a malformed report is refused like any bad message. */
export function reportDecodeFailure(game: string, from: Client, raw: unknown): void {
  const parsed = report.safeParse(raw);
  if (!parsed.success) {
    from.send('error', roomRefusal('bad_message'));
    return;
  }
  if (counted.has(from)) return;
  counted.add(from);
  clientDecodeErrors.inc({ game, kind: parsed.data.kind });
}
