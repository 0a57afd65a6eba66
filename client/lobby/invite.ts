/**
 * Invite links to a private table: `/join/CODE` (the server redirects it to `/?join=CODE`). The
 * table frame shows `inviteUrl(code)` with a copy button; the lobby reads `?join=` on start.
 */
import { normaliseCode } from '../../shared/protocol/codes.js';

export function inviteUrl(code: string): string {
  return `${window.location.origin}/join/${encodeURIComponent(code)}`;
}

/** The code of an invite this page was opened with (taken out of the address bar), or null. */
export function takeInviteCode(): string | null {
  const url = new URL(window.location.href);
  const raw = url.searchParams.get('join');
  if (raw === null) return null;
  url.searchParams.delete('join');
  window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
  return normaliseCode(raw);
}
