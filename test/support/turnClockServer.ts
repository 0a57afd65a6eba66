/**
 * A Junction process for tests that spawn one (loadtest/serverProcess.ts `script`) with the
 * test-only move clock: TEST_TURN_CLOCK_MS replaces every turn-based move clock (Config.TURN_CLOCK_MS,
 * which the production entry server/main.ts never reads from the environment).
 */
import { startJunction } from '../../server/app.js';
import { installProcessGuards } from '../../server/ops/processGuards.js';

const clock = Number(process.env.TEST_TURN_CLOCK_MS);
startJunction(Number.isFinite(clock) && clock > 0 ? { TURN_CLOCK_MS: clock } : {}, { exitOnSignal: true }).then(installProcessGuards, (error: unknown) => {
  console.error(error);
  process.exit(1);
});
