import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'test/**/*.test.ts', 'loadtest/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration and browser tests boot servers on their own ports; keep parallelism modest on 2 cores.
    maxWorkers: 2,
  },
});
