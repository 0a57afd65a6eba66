/**
 * Guest identity secrets. A device token is `<identity id>.<32 random bytes>`; the store keeps
 * only its SHA-256, so a leaked database gives no usable token. Tokens are random and long, so a
 * plain hash (no salt, no slow KDF) is enough: there is nothing to guess.
 */
import { createHash, randomBytes } from 'node:crypto';

const ID_PATTERN = /^u_[A-Za-z0-9_-]{16}$/;
const TOKEN_PATTERN = /^u_[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/;
const CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newIdentityId(): string {
  return `u_${randomBytes(12).toString('base64url')}`;
}

export function newDeviceToken(identityId: string): string {
  return `${identityId}.${randomBytes(32).toString('base64url')}`;
}

/** A one-time transfer code (moves an identity to another device). */
export function newTransferCode(): string {
  return randomBytes(16).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(`junction:identity:${secret}`).digest('base64url');
}

export const isIdentityId = (v: string): boolean => ID_PATTERN.test(v);
export const isDeviceToken = (v: string): boolean => TOKEN_PATTERN.test(v);
export const isTransferCode = (v: string): boolean => CODE_PATTERN.test(v);
