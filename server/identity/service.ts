/**
 * Guest identities without sign-up (issue 18): issue one, recognise its token, rename it, move it
 * to another device with a one-time code. An unknown or forged token never resolves to anybody:
 * the caller gets a fresh guest instead, within the same per-address budget as POST /api/identity
 * (GUEST_CREATE_BURST / _PER_SECOND), so forged tokens cannot fill the identities table.
 */
import type { IdentityRecord, Store } from '../store/index.js';
import type { IpLimit } from '../http/ipLimits.js';
import { checkName, displayName, guestName, randomTag, type GuestLanguage, type NameCheck } from './names.js';
import { hashSecret, isDeviceToken, isTransferCode, newDeviceToken, newIdentityId, newTransferCode } from './tokens.js';

export const TRANSFER_TTL_MS = 10 * 60_000;
const TAG_ATTEMPTS = 20;

export interface IssuedIdentity {
  identity: IdentityRecord;
  token: string;
}

/** A known identity (`issued` null), a fresh guest (`issued` its token), or `limited`: seconds to wait. */
export type ResolvedGuest = { identity: IdentityRecord; issued: string | null; limited?: undefined } | { limited: number };

export class IdentityService {
  constructor(
    private readonly store: Store,
    /** New guests per client address (shared with POST /api/identity). */
    private readonly creations: Pick<IpLimit, 'take'>,
    private readonly now: () => number = Date.now,
  ) {}

  async create(lang?: GuestLanguage): Promise<IssuedIdentity> {
    for (let attempt = 0; attempt < TAG_ATTEMPTS; attempt++) {
      const id = newIdentityId();
      const token = newDeviceToken(id);
      const at = this.now();
      const identity: IdentityRecord = { id, name: guestName(lang), tag: randomTag(), createdAt: at, updatedAt: at };
      if (await this.store.createIdentity(identity, hashSecret(token))) return { identity, token };
    }
    throw new Error('could not find a free guest name');
  }

  /** The identity a token stands for, or null (malformed, unknown or forged). */
  async resolve(token: unknown): Promise<IdentityRecord | null> {
    if (typeof token !== 'string' || !isDeviceToken(token)) return null;
    const identity = await this.store.identityByDeviceToken(hashSecret(token));
    // The id is part of the token: a token whose hash matches must name its own identity.
    return identity && token.startsWith(`${identity.id}.`) ? identity : null;
  }

  /**
   * The token's identity, or a fresh guest when the token is missing, unknown or forged, if the
   * address still has guest creations left (else `limited`).
   */
  async resolveOrCreate(token: unknown, address: string): Promise<ResolvedGuest> {
    const known = await this.resolve(token);
    if (known) return { identity: known, issued: null };
    const wait = await this.creations.take(address);
    if (wait > 0) return { limited: wait };
    const fresh = await this.create();
    return { identity: fresh.identity, issued: fresh.token };
  }

  /** Keeps the tag unless the new name is taken with it. */
  async rename(identity: IdentityRecord, raw: unknown): Promise<NameCheck & { identity?: IdentityRecord }> {
    const checked = checkName(raw);
    if (!checked.ok) return checked;
    for (let attempt = 0; attempt < TAG_ATTEMPTS; attempt++) {
      const tag = attempt === 0 ? identity.tag : randomTag();
      const at = this.now();
      if (await this.store.renameIdentity(identity.id, checked.name, tag, at)) {
        return { ...checked, identity: { ...identity, name: checked.name, tag, updatedAt: at } };
      }
    }
    return { ok: false, code: 'name_popular', reason: 'That name is very popular: try another.' };
  }

  async startTransfer(identity: IdentityRecord): Promise<{ code: string; expiresAt: number }> {
    const code = newTransferCode();
    const expiresAt = this.now() + TRANSFER_TTL_MS;
    await this.store.addIdentityToken(hashSecret(code), identity.id, 'transfer', this.now(), expiresAt);
    return { code, expiresAt };
  }

  /** Uses a transfer code once: a new device token for the same identity, or null. */
  async claimTransfer(code: unknown): Promise<IssuedIdentity | null> {
    if (typeof code !== 'string' || !isTransferCode(code)) return null;
    const id = await this.store.takeTransferCode(hashSecret(code), this.now());
    const identity = id ? await this.store.getIdentity(id) : null;
    if (!identity) return null;
    const token = newDeviceToken(identity.id);
    await this.store.addIdentityToken(hashSecret(token), identity.id, 'device', this.now(), null);
    return { identity, token };
  }
}

export function publicIdentity(i: IdentityRecord): { id: string; name: string; tag: string; display: string } {
  return { id: i.id, name: i.name, tag: i.tag, display: displayName(i) };
}
