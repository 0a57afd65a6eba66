/**
 * What a Web Push message can be about (docs/protocol.md "Web Push"): each browser's subscription
 * names the kinds its player wants (the lobby's notification switches), and the server sends a
 * message only to the subscriptions that want its kind. Shared by the server and the client.
 */
export const PUSH_KINDS = ['your_turn', 'invitation'] as const;

export type PushKind = (typeof PUSH_KINDS)[number];
