import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { publicPlayerId } from './publicIds.js';

const digestOf = (id: string) => `p_${createHash('sha256').update(`junction:public:${id}`).digest('base64url').slice(0, 12)}`;

describe('public player ids', () => {
  it('are the seat id\'s digest, the same on every call, and never the seat id', () => {
    expect(publicPlayerId('g_seat-one')).toBe(digestOf('g_seat-one'));
    expect(publicPlayerId('g_seat-one')).toBe(publicPlayerId('g_seat-one'));
    expect(publicPlayerId('g_seat-two')).not.toBe(publicPlayerId('g_seat-one'));
    expect(publicPlayerId('g_seat-one')).toMatch(/^p_[A-Za-z0-9_-]{12}$/);
    expect(publicPlayerId('g_seat-one')).not.toContain('seat-one');
  });

  it('stay right once more ids were asked for than the memo holds', () => {
    for (let i = 0; i < 50_001; i++) publicPlayerId(`g_${i}`);
    expect(publicPlayerId('g_7')).toBe(digestOf('g_7'));
    expect(publicPlayerId('g_seat-one')).toBe(digestOf('g_seat-one'));
  });
});
