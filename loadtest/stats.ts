/** Percentiles and counters for load-test reports. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function summarise(samples: number[]): { count: number; p50: number; p95: number; p99: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? 0),
  };
}

/**
 * The Wilson score interval of a binomial share, in percent (95 % at z = 1.96): where the true
 * share of `wins` in `trials` lies. Unlike share ± z·σ it stays inside [0, 100] for small counts.
 */
export function wilsonPct(wins: number, trials: number, z = 1.96): { sharePct: number; lowPct: number; highPct: number } {
  const round = (x: number) => Math.round(x * 1000) / 10;
  if (trials === 0) return { sharePct: 0, lowPct: 0, highPct: 100 };
  const p = wins / trials;
  const centre = (p + (z * z) / (2 * trials)) / (1 + (z * z) / trials);
  const half = (z / (1 + (z * z) / trials)) * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials));
  return { sharePct: round(p), lowPct: round(centre - half), highPct: round(centre + half) };
}
