/**
 * The player's name, typed once: remembered in this browser and saved to the guest identity
 * (client/net/identity.ts), so tables and tournaments all use it.
 */
import { currentIdentity, ensureIdentity, rename, type Identity } from '../net/identity.js';

const NAME_KEY = 'junction.name';

export function rememberedName(): string {
  return localStorage.getItem(NAME_KEY) ?? '';
}

export function rememberName(name: string): void {
  const n = name.trim();
  if (n) localStorage.setItem(NAME_KEY, n);
}

/** Remember the name and make it the identity's (one rename only when it differs). */
export async function useName(name: string): Promise<Identity> {
  const wanted = name.trim();
  rememberName(wanted);
  const me = currentIdentity() ?? await ensureIdentity();
  return wanted && wanted !== me.name ? rename(wanted) : me;
}

/** The best name to show in a name box: the remembered one, else the identity's. */
export async function knownName(): Promise<string> {
  const stored = rememberedName();
  if (stored) return stored;
  try {
    return (currentIdentity() ?? await ensureIdentity()).name;
  } catch {
    return '';
  }
}
