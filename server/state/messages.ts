/**
 * Engines' messages as the wire carries them (shared/i18n/msg.ts). While the engines are being
 * converted to keys, an event may still carry an English `text` and a result a string summary:
 * those travel as `server:event.text` with the sentence as its `text` parameter, so nothing is lost.
 */
import type { GameEvent, GameResult, RuleError } from '../../shared/games/contract.js';
import { msg, type Msg } from '../../shared/i18n/msg.js';

export const TEXT_KEY = 'server:event.text';

/** What the players read for this event, or null for an event with nothing to show. */
export function eventMsg(event: GameEvent): Msg | null {
  if (event.msg) return event.msg;
  return typeof event.text === 'string' && event.text !== '' ? msg(TEXT_KEY, { text: event.text }) : null;
}

export function summaryMsg(summary: GameResult['summary']): Msg {
  return typeof summary === 'string' ? msg(TEXT_KEY, { text: summary }) : summary;
}

/**
 * A rule refusal's message: `<gameId>:error.<code>` with the engine's parameters; an engine not yet
 * converted (an English `message`, no params) is shown by its sentence until it is.
 */
export function ruleErrorMsg(gameId: string, error: RuleError): Msg {
  if (error.message && !error.params) return msg(TEXT_KEY, { text: error.message });
  return msg(`${gameId}:error.${error.code}`, error.params);
}
