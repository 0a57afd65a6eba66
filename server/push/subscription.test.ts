import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { subscriptionBody } from './subscription.js';

const keys = { p256dh: randomBytes(65).toString('base64url'), auth: randomBytes(16).toString('base64url') };

describe('a push subscription at the edge', () => {
  it('takes an https endpoint with base64url keys, English by default', () => {
    expect(subscriptionBody.parse({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys })).toMatchObject({ lang: 'en' });
  });
  it('refuses other schemes, credentials in the URL, long endpoints and keys that are not base64url', () => {
    for (const endpoint of ['http://push.example/x', 'file:///etc/passwd', 'https://user:pw@push.example/x', `https://push.example/${'a'.repeat(1100)}`]) {
      expect(subscriptionBody.safeParse({ endpoint, keys }).success).toBe(false);
    }
    expect(subscriptionBody.safeParse({ endpoint: 'https://push.example/x', keys: { ...keys, auth: 'a+b/c'.repeat(5) } }).success).toBe(false);
    expect(subscriptionBody.safeParse({ endpoint: 'https://push.example/x', keys: { ...keys, p256dh: 'short' } }).success).toBe(false);
  });
  it('takes the kinds of notification wanted, "your turn" alone when none are named, and refuses unknown or no kinds', () => {
    expect(subscriptionBody.parse({ endpoint: 'https://push.example/x', keys }).kinds).toEqual(['your_turn']);
    expect(subscriptionBody.parse({ endpoint: 'https://push.example/x', keys, kinds: ['invitation', 'invitation'] }).kinds).toEqual(['invitation']);
    expect(subscriptionBody.parse({ endpoint: 'https://push.example/x', keys, kinds: ['invitation', 'your_turn'] }).kinds).toEqual(['invitation', 'your_turn']);
    for (const kinds of [[], ['chat'], 'invitation', ['invitation', 'your_turn', 'invitation']]) {
      expect(subscriptionBody.safeParse({ endpoint: 'https://push.example/x', keys, kinds }).success).toBe(false);
    }
  });
});
