/**
 * What a push can be about (docs/protocol.md "Web Push"): each browser's subscription names the
 * kinds its player wants (the lobby's notification switches), and a message goes only to the
 * subscriptions that want its kind.
 */
export const PUSH_KINDS = ['your_turn', 'invitation'] as const;

export type PushKind = (typeof PUSH_KINDS)[number];

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
