import { describe, expect, it } from 'vitest';
import { preferred } from './takeover.js';

describe('preferred survivor of an orphaned table (rendezvous hash)', () => {
  const holders = ['vm:1:a', 'vm:2:b', 'vm:3:c'];
  const tables = Array.from({ length: 300 }, (_, i) => `table-${i}`);

  it('spreads the tables over every holder, the same answer in every process whatever the order', () => {
    const counts = new Map<string, number>();
    for (const id of tables) {
      const pick = preferred(id, holders)!;
      expect(preferred(id, [...holders].reverse())).toBe(pick);
      counts.set(pick, (counts.get(pick) ?? 0) + 1);
    }
    for (const h of holders) expect(counts.get(h) ?? 0).toBeGreaterThan(50);
  });

  it('moves only the tables of a holder that goes away', () => {
    const without = holders.filter((h) => h !== 'vm:2:b');
    for (const id of tables) {
      const before = preferred(id, holders);
      if (before !== 'vm:2:b') expect(preferred(id, without)).toBe(before);
    }
    expect(preferred('t', [])).toBeUndefined();
  });
});
