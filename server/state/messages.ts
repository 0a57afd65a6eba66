/** Engines' messages as the wire carries them (shared/i18n/msg.ts): events and refusals as keys and parameters. */
import type { GameEvent, RuleError } from '../../shared/games/contract.js';
import { msg, type Msg } from '../../shared/i18n/msg.js';

/** What the players read for this event, or null for an event with nothing to show. */
export function eventMsg(event: GameEvent): Msg | null {
  return event.msg ?? null;
}

/** A rule refusal's message: `<gameId>:error.<code>` with the engine's parameters. */
export function ruleErrorMsg(gameId: string, error: RuleError): Msg {
  return msg(`${gameId}:error.${error.code}`, error.params);
}
