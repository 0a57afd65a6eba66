/** Runtime settings, from the environment with defaults that work on a fresh machine. */
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(2567),
  HOST: z.string().default('0.0.0.0'),
  REDIS_URL: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  JUNCTION_DATA_DIR: z.string().default('./data/pglite'),
  PUBLIC_ADDRESS: z.string().optional(),
  /** Each process of a fleet announces this with `{ip}` replaced by its own address (server/ops/publicAddress.ts). */
  PUBLIC_ADDRESS_TEMPLATE: z.string().optional(),
  /** Quick play: how long a table waits for strangers before bots fill its empty seats. */
  QUICKPLAY_FILL_MS: z.coerce.number().int().min(0).default(20_000),
  /** The turn-based queue (issue 25): how long a turn-based quick-play table waits for strangers before bots fill it. */
  QUICKPLAY_TURN_FILL_MS: z.coerce.number().int().min(0).default(24 * 3_600_000),
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
  /** Per-address tournament creation (default 5 an hour) and registration (30 at once, then 1 a second). */
  TOURNAMENT_CREATE_BURST: z.coerce.number().int().min(1).default(5),
  TOURNAMENT_CREATE_PER_SECOND: z.coerce.number().min(0.0001).default(5 / 3600),
  TOURNAMENT_REGISTER_BURST: z.coerce.number().int().min(1).default(30),
  TOURNAMENT_REGISTER_PER_SECOND: z.coerce.number().min(0.0001).default(1),
  /** Tournaments open for registration at once, and players one tournament accepts. */
  TOURNAMENTS_OPEN_MAX: z.coerce.number().int().min(1).default(200),
  TOURNAMENT_PLAYERS_MAX: z.coerce.number().int().min(2).default(4096),
  /**
   * Proxies whose X-Forwarded-For is believed (proxy-addr: "loopback", "uniquelocal", CIDRs,
   * comma-separated). Unset: the socket address is the client, whatever the headers say.
   */
  TRUST_PROXY: z.string().optional(),
  /** With REDIS_URL: the Redis key prefix of this deployment's per-address limit counters (shared by its processes). */
  LIMITS_KEY_PREFIX: z.string().min(1).max(100).default('junction:limits'),
  /** Connections (HTTP and websocket) one client address may hold open at once. */
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  /** A connection must complete its request headers within this (and its first request within it). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** A request (headers and body) must have arrived within this. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Failed password attempts on /monitor per address (then a 15-minute wait). */
  MONITOR_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  /** How long start-up waits for PostgreSQL before giving up with a message. */
  CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** How long start-up waits for every Redis connection to be ready before giving up with a message. */
  REDIS_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Per-client messages a room takes at once, then per second; past the limit frames are dropped undecoded. */
  MESSAGE_BURST: z.coerce.number().int().min(1).default(20),
  MESSAGES_PER_SECOND: z.coerce.number().min(0.1).default(10),
  /** Dropped frames in one second after which a client is disconnected (close code 4429). */
  FLOOD_CUTOFF_DROPS: z.coerce.number().int().min(1).default(60),
  /** Spectators one table accepts, counted apart from its seats. */
  SPECTATORS_MAX: z.coerce.number().int().min(0).default(50),
  /** Friends (issue 29): players one identity may follow, block, and invitations pending from or for it. */
  FOLLOWS_MAX: z.coerce.number().int().min(1).default(200),
  BLOCKS_MAX: z.coerce.number().int().min(1).default(500),
  INVITES_PENDING_MAX: z.coerce.number().int().min(1).default(10),
  /** How long an invitation to a private table waits in the invitee's lobby. */
  INVITE_TTL_MS: z.coerce.number().int().min(1000).default(30 * 60_000),
  /** How long a connection's online mark lasts unless its process writes it again (every third of it): a crashed process's marks lapse. */
  ONLINE_TTL_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /** Per-IP new guest identities and device-link claims: burst, then per second. */
  GUEST_CREATE_BURST: z.coerce.number().int().min(1).default(20),
  GUEST_CREATE_PER_SECOND: z.coerce.number().min(0.01).default(0.5),
  /** Per-IP reads of profiles, leaderboards and replays: burst, then per second. */
  PLAYER_API_BURST: z.coerce.number().int().min(1).default(60),
  PLAYER_API_PER_SECOND: z.coerce.number().min(0.1).default(10),
  /** Action logs (replays) older than this many days are deleted; 0 keeps them forever. Results and ratings stay. */
  REPLAY_RETENTION_DAYS: z.coerce.number().int().min(0).default(90),
  MONITOR_PASSWORD: z.string().optional(),
  /** Client addresses (proxy-addr list: "loopback", CIDRs) that may read /metrics; judged after TRUST_PROXY. */
  METRICS_ALLOW: z.string().default('loopback'),
  /** Other origins whose pages may call /matchmake (comma-separated, e.g. "https://junction.example"); same-origin always works. */
  CORS_ORIGINS: z.string().default(''),
  /** Live tournament streams (SSE) one client address may hold open in this process. */
  SSE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  /** Guests who never finished a game are deleted this many days after they were created; 0 keeps them. */
  GUEST_RETENTION_DAYS: z.coerce.number().int().min(0).default(30),
  LOG_LEVEL: z.string().default('info'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(20_000),
  /**
   * With REDIS_URL: this process' liveness lease (renewed every quarter of it). A process that stops
   * renewing loses its running tables to the others after this, plus one takeover pass.
   */
  LEASE_TTL_MS: z.coerce.number().int().min(200).max(60_000).default(2_000),
  /** With REDIS_URL: how often each process looks for tables whose owner lost its lease. */
  TAKEOVER_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  /** Finished games' results waiting for the store; past this, new tables are refused (none is dropped). */
  RESULTS_PENDING_MAX: z.coerce.number().int().min(1).default(1_000),
  /** The longest pause between two attempts to store a pending result. */
  RESULTS_RETRY_MAX_MS: z.coerce.number().int().min(10).default(10_000),
  /** Where results not stored by the end of a shutdown are spooled (default: `spool` beside JUNCTION_DATA_DIR). */
  SPOOL_DIR: z.string().optional(),
  /** How often games whose table is open nowhere are ended as abandoned. */
  ABANDONED_SWEEP_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** A turn-based table with nobody connected goes to sleep in the store after this long (issue 25). */
  TURN_SLEEP_AFTER_MS: z.coerce.number().int().min(0).default(30_000),
  /** How often each process looks for sleeping tables whose deadline has come. */
  WAKE_POLL_MS: z.coerce.number().int().min(100).default(1_000),
  /** How long a process waking a table holds it before another may try (it died meanwhile). */
  WAKE_LEASE_MS: z.coerce.number().int().min(1_000).default(30_000),
  /** Web Push (issue 25): the VAPID key pair (`npx web-push generate-vapid-keys`); push is off unless both are set. */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /** Who the push services may contact about this sender (a mailto: or https: URL). */
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:)/).default('mailto:admin@junction.invalid'),
  /** Browsers (push subscriptions) one identity may keep; a new one pushes out the oldest. */
  PUSH_SUBSCRIPTIONS_MAX: z.coerce.number().int().min(1).max(50).default(5),
  /** How long a push service keeps a "your turn" message for a browser that is offline. */
  PUSH_TTL_SECONDS: z.coerce.number().int().min(0).default(12 * 3600),
});

/**
 * For test processes only, not in the environment's schema: BOTS_ON_CUE (server/rooms/botCue.ts);
 * TURN_CLOCK_MS, every turn-based move clock in ms instead of hours (server/turnbased/pace.ts).
 */
export type Config = z.infer<typeof envSchema> & { BOTS_ON_CUE?: boolean; TURN_CLOCK_MS?: number };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  return { ...envSchema.parse(env), ...overrides };
}
