/**
 * Every failed attempt of a test is written to the run's output with its error, the ones the retry
 * (vitest.config.ts `retry`) then passed included: the reporter shows those only as "(retry x1)",
 * which hides what failed. A run on a loaded machine should say what it absorbed.
 */
import { beforeEach } from 'vitest';

beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    const attempt = (task.result?.retryCount ?? 0) + 1;
    const last = task.result?.errors?.at(-1);
    const error = last ? `${last.name ?? 'Error'}: ${last.message ?? ''}`.slice(0, 2_000) : 'no error recorded';
    console.error(`[failed attempt ${attempt}] ${task.fullName}\n${error}`);
  });
});
