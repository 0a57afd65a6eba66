/**
 * This browser's guest identity (docs/protocol.md "Players"): the device token is kept in
 * localStorage and sent with every join and with profile calls. A token the server no longer
 * knows is replaced by a fresh guest; a room that issued a fresh guest (unknown token) sends
 * `identity`, which replaces the stored one.
 */
const TOKEN_KEY = 'junction.identity';

export interface Identity { id: string; name: string; tag: string; display: string }

let current: Identity | null = null;

export function identityToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function currentIdentity(): Identity | null {
  return current;
}

export function adoptIdentity(issued: { token: string; identity: Identity }): void {
  localStorage.setItem(TOKEN_KEY, issued.token);
  current = issued.identity;
}

export async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const token = identityToken();
  const res = await fetch(`/api${url}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await res.json().catch(() => ({}))) as T & { error?: string; code?: string; params?: Record<string, unknown> };
  // `code` and `params`: the refusal to show in the reader's language (server:error.<code>).
  if (!res.ok) throw Object.assign(new Error(data.error ?? `Request failed (${res.status})`), { status: res.status, code: data.code, params: data.params });
  return data;
}

let pending: Promise<Identity> | null = null;

/** The stored identity, checked with the server; a new guest when there is none or it is unknown. */
export function ensureIdentity(): Promise<Identity> {
  // Screens ask at once on start-up: one request, one guest.
  pending ??= checkOrCreate().finally(() => { pending = null; });
  return pending;
}

/** The page's language (client/i18n sets it on <html lang>): a new guest's name is given in it. */
function pageLanguage(): 'en' | 'fr' {
  return typeof document !== 'undefined' && document.documentElement.lang === 'fr' ? 'fr' : 'en';
}

async function checkOrCreate(): Promise<Identity> {
  if (identityToken()) {
    try {
      current = (await api<{ identity: Identity }>('GET', '/identity/me')).identity;
      return current;
    } catch (error) {
      if ((error as { status?: number }).status !== 401) throw error;
    }
  }
  const created = await api<{ identity: Identity; token: string }>('POST', '/identity', { lang: pageLanguage() });
  adoptIdentity(created);
  return created.identity;
}

export async function rename(name: string): Promise<Identity> {
  current = (await api<{ identity: Identity }>('PUT', '/identity/me', { name })).identity;
  return current;
}

export async function transferLink(): Promise<string> {
  const { link } = await api<{ link: string }>('POST', '/identity/me/transfer');
  return `${window.location.origin}${link}`;
}

export async function claim(code: string): Promise<Identity> {
  const claimed = await api<{ identity: Identity; token: string }>('POST', '/identity/claim', { code });
  adoptIdentity(claimed);
  return claimed.identity;
}
