/** Runtime settings, from the environment with defaults that work on a fresh machine. */
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(2567),
  HOST: z.string().default('0.0.0.0'),
  REDIS_URL: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  JUNCTION_DATA_DIR: z.string().default('./data/pglite'),
  PUBLIC_ADDRESS: z.string().optional(),
  /** Quick play: how long a table waits for strangers before bots fill its empty seats. */
  QUICKPLAY_FILL_MS: z.coerce.number().int().min(0).default(20_000),
  /**
   * Race arbitration cap (ms): the most any player's stamp may precede its arrival, and so the
   * longest any race outcome is held; each room holds only as long as its slowest connected
   * player's measured delay needs (shared/delayEstimate.ts). 0 = first come, first served.
   */
  RACE_WINDOW_MS: z.coerce.number().int().min(0).max(1000).default(250),
  RECONNECT_SECONDS: z.coerce.number().int().min(0).default(60),
  /** How long an absent seat waits before a bot plays for it (the seat stays theirs). */
  ABSENT_GRACE_MS: z.coerce.number().int().min(0).default(15_000),
  /** How long a finished table stays open for its result screen. */
  FINISHED_LINGER_MS: z.coerce.number().int().min(0).default(120_000),
  /** Per-IP matchmaking (create/join) requests: burst, then per second. */
  JOIN_BURST: z.coerce.number().int().min(1).default(30),
  JOIN_PER_SECOND: z.coerce.number().min(0.1).default(5),
  /** Per-IP private-code look-ups: burst, then per second. */
  CODE_LOOKUP_BURST: z.coerce.number().int().min(1).default(10),
  CODE_LOOKUP_PER_SECOND: z.coerce.number().min(0.1).default(1),
  MONITOR_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(20_000),
});

export type Config = z.infer<typeof envSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  return { ...envSchema.parse(env), ...overrides };
}
