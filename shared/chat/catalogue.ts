/**
 * What table chat may carry (issue 29): quick phrases and emoji reactions travel as codes, so each
 * reader sees them in their own language (`server:chat.phrase.<code>`, `server:chat.emoji.<code>`);
 * free text exists only where the host of a private table turned it on. The same lists validate
 * at the server's edge and build the client's buttons.
 */
import { z } from 'zod';

export const PHRASES = ['hello', 'good_luck', 'well_played', 'thanks', 'oops', 'one_moment', 'nice_move', 'rematch', 'bye'] as const;
export const EMOJIS = ['smile', 'laugh', 'wow', 'sad', 'thumbs_up', 'clap', 'heart', 'thinking'] as const;
/** What a reporter picks (no free text: a report never carries words the moderator did not see at the table). */
export const REPORT_REASONS = ['rude', 'spam', 'cheating', 'unsafe', 'other'] as const;
/** Why a moderator silenced or banned an identity: shown to that player, translated. */
export const SANCTION_REASONS = ['rude', 'spam', 'cheating', 'unsafe', 'leaving'] as const;

/** Tables for children (`<game>:<variant>`): never free text, whoever hosts them. */
const KIDS_VARIANTS = new Set(['rush_hour:kids', 'railway_madness:juniors']);

export function isKidsTable(game: string, variant: string): boolean {
  return KIDS_VARIANTS.has(`${game}:${variant}`);
}

/** Longest free-text line, in characters. */
export const CHAT_TEXT_MAX = 120;

/** The two channels: players' (`table`) and spectators' (`spectators`, unseen by players until the end). */
export const CHAT_CHANNELS = ['table', 'spectators'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];

export const chatMessage = z.union([
  z.object({ phrase: z.enum(PHRASES) }).strict(),
  z.object({ emoji: z.enum(EMOJIS) }).strict(),
  z.object({ text: z.string().min(1).max(CHAT_TEXT_MAX) }).strict(),
]);
export type ChatInput = z.infer<typeof chatMessage>;

/** The host of a private table turns free text on or off. */
export const chatConfigMessage = z.object({ text: z.boolean() }).strict();
/** Mute (or unmute) the player in a seat, for you, for good. */
export const muteMessage = z.object({ seat: z.number().int().min(0).max(15), muted: z.boolean().default(true) }).strict();
export const reportMessage = z.object({ seat: z.number().int().min(0).max(15), reason: z.enum(REPORT_REASONS) }).strict();

/** One chat line as a client receives it (`chat` message, and `chat_history` on joining). */
export interface ChatLine {
  /** Increasing per table. */
  n: number;
  channel: ChatChannel;
  /** The author's seat; absent for a spectator. */
  seat?: number;
  /** Display name of the author ("Ana#4821", or "Spectator 2"). */
  name: string;
  phrase?: (typeof PHRASES)[number];
  emoji?: (typeof EMOJIS)[number];
  text?: string;
  /** Server time (epoch ms). */
  at: number;
}
