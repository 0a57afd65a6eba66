import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'test/**/*.test.ts', 'loadtest/**/*.test.ts'],
    environment: 'node',
    // Sized for a loaded 2-core CI machine; heavy tests set their own, longer limits.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Integration and browser tests boot servers on ports the OS hands out; keep parallelism modest on 2 cores.
    maxWorkers: 2,
    // Browser and socket tests on a loaded 2-core machine occasionally miss a timing (a patch or a
    // tween arriving late); one retry absorbs that, a test that fails twice still fails the run.
    retry: 1,
    // Each failed attempt is printed with its error, also when the retry passes (failedAttempts.ts);
    // the chat welcome a test client does not read is not warned about (quietChatWelcome.ts).
    setupFiles: ['test/support/failedAttempts.ts', 'test/support/quietChatWelcome.ts'],
  },
});
