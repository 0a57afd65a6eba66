/**
 * CPU seconds a core has been busy (any process), from /proc/stat: the capacity bench compares it
 * with the pinned server's own CPU to show how much of the server's core other processes took.
 */
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

export function coreBusySeconds(core: number): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n').find((l) => l.startsWith(`cpu${core} `));
  if (!line) throw new Error(`no cpu${core} line in /proc/stat`);
  // user nice system idle iowait irq softirq steal ...: busy is everything but idle and iowait.
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  return (total - ticks[3] - ticks[4]) / TICKS_PER_SECOND;
}
