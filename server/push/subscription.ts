/**
 * What a browser sends to subscribe to Web Push (PushSubscription.toJSON() plus the language its
 * notifications are written in and the kinds it wants), checked at the edge before anything is
 * stored or sent to.
 */
import { z } from 'zod';
import { DEFAULT_PUSH_KINDS, PUSH_KINDS } from './kinds.js';

/** Endpoints seen in the wild are ≤ 500 characters; anything much longer is not a push service's. */
export const ENDPOINT_MAX = 1024;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const endpoint = z.string().min(1).max(ENDPOINT_MAX).refine(isHttpsUrl, 'an https URL');

export const subscriptionBody = z.object({
  endpoint,
  keys: z.object({
    // An uncompressed P-256 point is 65 bytes (87 characters), the auth secret 16 bytes (22).
    p256dh: z.string().min(80).max(100).regex(BASE64URL),
    auth: z.string().min(16).max(32).regex(BASE64URL),
  }),
  lang: z.enum(['en', 'fr']).default('en'),
  kinds: z.array(z.enum(PUSH_KINDS)).min(1).max(PUSH_KINDS.length).default([...DEFAULT_PUSH_KINDS]).transform((k) => [...new Set(k)]),
}).strip();

export const unsubscribeBody = z.object({ endpoint }).strip();

export type SubscriptionBody = z.infer<typeof subscriptionBody>;
