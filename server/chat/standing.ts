/**
 * What a player's record allows (issue 29): sanctions a moderator set, and the cooldown a player
 * who keeps leaving rated games owes before the next rated quick play. Pure rules over what the
 * store answers; the room turns a refusal into a translated message with the reason and the end.
 */
import { keyRef, type MsgParam } from '../../shared/i18n/msg.js';
import type { SanctionRecord, SocialStore } from '../store/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Leaving this many rated games within a day starts the cooldown. */
export const LEAVES_BEFORE_COOLDOWN = 3;
/** The third leave costs this much; each further one within the day doubles it (capped at a day). */
export const FIRST_COOLDOWN_MS = 15 * 60 * 1000;

export interface Refused { code: string; params: Record<string, MsgParam> }

/** The end of the cooldown owed after these leave times (oldest first, all within the last day), or null. */
export function cooldownEnd(leaveTimes: readonly number[], now: number): number | null {
  const recent = leaveTimes.filter((t) => t > now - DAY_MS);
  if (recent.length < LEAVES_BEFORE_COOLDOWN) return null;
  const length = Math.min(DAY_MS, FIRST_COOLDOWN_MS * 2 ** (recent.length - LEAVES_BEFORE_COOLDOWN));
  const end = recent[recent.length - 1] + length;
  return end > now ? end : null;
}

export function sanctionParams(s: SanctionRecord): Record<string, MsgParam> {
  return { reason: keyRef(`server:sanction.${s.reason}`), until: s.until };
}

/** Refused a rated quick-play seat while the cooldown runs. */
export async function leaverCooldown(store: SocialStore, identityId: string, now: number): Promise<Refused | null> {
  const end = cooldownEnd(await store.leavesSince(identityId, now - DAY_MS), now);
  return end === null ? null : { code: 'leaver_cooldown', params: { until: end } };
}

/** A ban keeps the identity from public and rated tables (private unrated tables stay open to it). */
export async function banned(store: SocialStore, identityId: string, now: number): Promise<Refused | null> {
  const ban = (await store.activeSanctions(identityId, now)).find((s) => s.kind === 'ban');
  return ban ? { code: 'banned', params: sanctionParams(ban) } : null;
}

export async function silenced(store: SocialStore, identityId: string, now: number): Promise<Refused | null> {
  const silence = (await store.activeSanctions(identityId, now)).find((s) => s.kind === 'silence');
  return silence ? { code: 'chat_silenced', params: sanctionParams(silence) } : null;
}
