/**
 * The kinds of push (shared/protocol/pushKinds.ts) as the server checks and stores them.
 */
import { PUSH_KINDS, type PushKind } from '../../shared/protocol/pushKinds.js';

export { PUSH_KINDS, type PushKind };

/** A subscription saved without kinds (a page from before invitations) wants what it had then. */
export const DEFAULT_PUSH_KINDS: readonly PushKind[] = ['your_turn'];

export function isPushKind(value: string): value is PushKind {
  return (PUSH_KINDS as readonly string[]).includes(value);
}

/** The stored form: the kinds in PUSH_KINDS order, space-separated. */
export function kindsText(kinds: readonly PushKind[]): string {
  return PUSH_KINDS.filter((k) => kinds.includes(k)).join(' ');
}

/** Unknown words are dropped (a kind removed from a later build). */
export function kindsOf(text: string): PushKind[] {
  return text.split(' ').filter(isPushKind);
}
