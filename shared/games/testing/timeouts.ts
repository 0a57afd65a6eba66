/**
 * Time limit for a test that plays many seeded games: a few seconds on an idle machine, many times
 * that on a loaded 2-core CI runner. A limit, never a speed goal (those are benchmarks).
 */
export const HEAVY_TEST_MS = 180_000;
