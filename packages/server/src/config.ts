/** Server configuration from the environment, with the defaults a newcomer needs nothing for. */
import { resolve } from 'node:path';
import { trustedProxies } from './client-address.ts';
import type { Allowance } from './limits.ts';
import { DEFAULT_PUSH_HOSTS } from './push-hosts.ts';
import { ABANDON_AFTER_MS, STAND_IN_GRACE_MS } from './stand-ins.ts';
import { TABLE_PAUSE_MS } from './table-pause.ts';

/**
 * The cost limits of expensive requests (docs/server.md, "Threat model"): points per address and
 * per account in a window. Each request costs points by what it costs the server.
 */
export interface CostLimits {
  /** `POST /api/tables/:id/replay`: 1 point, plus 1 per 100 versions of a live table. */
  readonly replays: { readonly address: Allowance; readonly account: Allowance };
  /** `GET /api/tables/:id/record`: 1 point each. */
  readonly records: { readonly address: Allowance; readonly account: Allowance };
  /** An analysis started (not one asked about, nor one stored): 1 point. */
  readonly analyses: { readonly address: Allowance; readonly account: Allowance };
  /** A table created: 1 point, plus each bot seat's weight (easy and medium 1, hard 2, expert 4). */
  readonly tables: { readonly address: Allowance; readonly account: Allowance };
  /**
   * The duplicate events' routes (events/http.ts): a list 1 point, an event's standings 2, its
   * plays 2 (a record 5), an entry 10 (it makes a table with bots).
   */
  readonly events: { readonly address: Allowance; readonly account: Allowance };
  /** `POST /api/reports`: 1 point each, a few an hour (reports.ts). */
  readonly reports: { readonly address: Allowance; readonly account: Allowance };
}

export interface ServerConfig {
  /** 0 picks a free port. */
  readonly port: number;
  readonly host: string;
  /** Base URL printed and used in invite links (default http://host:port). */
  readonly publicUrl: string | null;
  /** PostgreSQL when set (postgres://...), else SQLite. */
  readonly databaseUrl: string | undefined;
  /** The PostgreSQL schema for matchbox's tables (created when missing). */
  readonly databaseSchema: string | undefined;
  /** Cluster mode when set (with PostgreSQL): Redis for leases, commit notices and socket.io. */
  readonly redisUrl: string | undefined;
  /** A table lease's lifetime (ms): a dead node's tables are adopted after about this long. */
  readonly leaseMs: number;
  /** Prefix of matchbox's Redis keys and channels (one cluster per prefix). */
  readonly redisPrefix: string;
  readonly dataDir: string;
  /**
   * Seals the seat tokens members' accounts keep (sealed.ts); every node of a cluster needs the
   * same. Unset: a key made once in `dataDir/secret.key`.
   */
  readonly secret: string | undefined;
  /** SQLite durability: "normal" survives a killed process, "full" also a power cut. */
  readonly sqliteSynchronous: 'normal' | 'full';
  readonly botPaceMs: number;
  /** Safety cap of one bot move (ms); strength comes from iteration budgets. */
  readonly botTimeMs: number;
  readonly botThreads: number | undefined;
  readonly snapshotEvery: number;
  readonly tablesPerAddress: number;
  /**
   * How long a "Play now" pool waits for people before bots take its free seats (ms; pairing.ts);
   * 0 turns pairing off: each "Play now" is a table of its own with bots, at once.
   */
  readonly pairingCountdownMs: number;
  /**
   * How long a seat may be without any connection before a stand-in plays for it (ms;
   * stand-ins.ts), 1 s to 10 minutes: short enough that a table never waits long, long enough
   * that a reload never hands the seat over.
   */
  readonly standInGraceMs: number;
  /** How long a table where no person plays any more goes on before it ends abandoned (ms), 1 s to a day. */
  readonly abandonAfterMs: number;
  /** The table's pause at a hand's or round's end (ms, 0 to 10 s; table-pause.ts); 0: none. */
  readonly tablePauseMs: number;
  /**
   * Comma-separated addresses and CIDR ranges of the proxies whose `X-Forwarded-For` names the
   * client (client-address.ts); empty: every address is the socket's peer.
   */
  readonly trustedProxies: string;
  /** Spectator connections attached to one table (a seat's connections do not count). */
  readonly spectatorsPerTable: number;
  /** Connections attached to one seat; one more replaces the seat's oldest (a seat never waits). */
  readonly connectionsPerSeat: number;
  /** Connections holding no seat from one address, on each node (a household, a school). */
  readonly connectionsPerAddress: number;
  /**
   * Hellos without a seat token (spectators) per second from one address, all its connections
   * together, on each node (bursts of twice as many): each builds a view to send.
   */
  readonly watchHellosPerAddress: number;
  readonly costLimits: CostLimits;
  /** Analyses one requester (an address or an account) may have waiting at once. */
  readonly analysesWaitingPerRequester: number;
  /** Real-time messages per second per connection (a burst of twice as many is allowed). */
  readonly messagesPerSecond: number;
  readonly maxMessageBytes: number;
  /**
   * Bytes waiting to be written to one connection past which it skips updates (it gets the
   * current one once drained); past four times this it is closed.
   */
  readonly sendBufferBytes: number;
  /**
   * How often the server pings each connection (ms). A connection that stops answering is closed
   * (and its seat shown away) within this plus 20 s; a closed tab or a killed client at once.
   */
  readonly pingIntervalMs: number;
  readonly archiveAfterMs: number;
  /**
   * A started table unused this long with no connection on a node is kept there in its compact
   * form, rebuilt on its next use (ms; 0: never; live-table.ts, `compact`).
   */
  readonly tableIdleMs: number;
  /** Analyses of finished tables waiting behind the running one, at most (analyses.ts). */
  readonly analysisQueue: number;
  /** Search iterations per decision of an analysis; undefined: each game's default. */
  readonly analysisBudget: number | undefined;
  readonly logLevel: string;
  /**
   * Server processes on this machine sharing its port (NODES), one per core at most: each is a node
   * of the cluster mode, so more than one needs PostgreSQL and Redis.
   */
  readonly nodes: number;
  /**
   * The routes for tests beside the server (test-routes.ts), with `MATCHBOX_TEST_ROUTES=1` only:
   * they show hidden state, so a server that players reach never has them.
   */
  readonly testRoutes: boolean;
  /**
   * The hosts of the push services notifications are sent to (`PUSH_HOSTS`, comma-separated:
   * `host`, `host:port` or `*.domain`; push.ts `DEFAULT_PUSH_HOSTS` when unset, none when empty):
   * a browser subscribed elsewhere is refused.
   */
  readonly pushHosts: readonly string[];
  /** The VAPID subject (`PUSH_SUBJECT`: an https URL or mailto:); unset: from PUBLIC_URL (push.ts). */
  readonly pushSubject: string | undefined;
  /**
   * Passwords hashed with argon2id at its smallest cost (8 KiB, one pass) instead of the real one,
   * with `MATCHBOX_TEST_PASSWORDS=1` only: test suites that sign up and log in hundreds of times.
   * The hashes stay argon2id and any stored hash still verifies at its own cost.
   */
  readonly testPasswords: boolean;
}

function num(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, not "${value}"`);
  return n;
}

/** A number of milliseconds between `min` and `max`; outside them the server refuses to start. */
function within(value: string | undefined, fallback: number, name: string, min: number, max: number): number {
  const n = num(value, fallback, name);
  if (n < min || n > max) throw new Error(`${name} must be between ${min} and ${max}, not "${value}"`);
  return Math.round(n);
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: num(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '127.0.0.1',
    publicUrl: env.PUBLIC_URL ?? null,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    redisUrl: env.REDIS_URL || undefined,
    leaseMs: num(env.LEASE_MS, 5000, 'LEASE_MS'),
    redisPrefix: env.REDIS_PREFIX ?? 'matchbox:',
    dataDir: resolve(env.MATCHBOX_DATA ?? 'data'),
    secret: env.MATCHBOX_SECRET || undefined,
    sqliteSynchronous: env.SQLITE_SYNCHRONOUS === 'full' ? 'full' : 'normal',
    botPaceMs: num(env.BOT_PACE_MS, 700, 'BOT_PACE_MS'),
    botTimeMs: num(env.BOT_TIME_MS, 2000, 'BOT_TIME_MS'),
    botThreads: env.BOT_THREADS ? num(env.BOT_THREADS, 1, 'BOT_THREADS') : undefined,
    snapshotEvery: Math.max(1, num(env.SNAPSHOT_EVERY, 50, 'SNAPSHOT_EVERY')),
    tablesPerAddress: num(env.TABLES_PER_ADDRESS, 50, 'TABLES_PER_ADDRESS'),
    pairingCountdownMs: num(env.PAIRING_COUNTDOWN_MS, 10_000, 'PAIRING_COUNTDOWN_MS'),
    standInGraceMs: within(env.STAND_IN_GRACE_MS, STAND_IN_GRACE_MS, 'STAND_IN_GRACE_MS', 1000, 600_000),
    tablePauseMs: within(env.TABLE_PAUSE_MS, TABLE_PAUSE_MS, 'TABLE_PAUSE_MS', 0, 10_000),
    abandonAfterMs: within(env.ABANDON_AFTER_MS, ABANDON_AFTER_MS, 'ABANDON_AFTER_MS', 1000, 86_400_000),
    trustedProxies: checkedProxies(env.TRUSTED_PROXIES ?? ''),
    spectatorsPerTable: num(env.SPECTATORS_PER_TABLE, 64, 'SPECTATORS_PER_TABLE'),
    connectionsPerSeat: Math.max(1, num(env.CONNECTIONS_PER_SEAT, 32, 'CONNECTIONS_PER_SEAT')),
    connectionsPerAddress: Math.round(
      num(env.CONNECTIONS_PER_ADDRESS, 256, 'CONNECTIONS_PER_ADDRESS') * addressScale(env),
    ),
    watchHellosPerAddress: Math.max(
      1,
      Math.round(num(env.WATCH_HELLOS_PER_ADDRESS, 20, 'WATCH_HELLOS_PER_ADDRESS') * addressScale(env)),
    ),
    costLimits: costLimitsFromEnv(env),
    analysesWaitingPerRequester: Math.max(
      1,
      num(env.ANALYSES_WAITING_PER_REQUESTER, 2, 'ANALYSES_WAITING_PER_REQUESTER'),
    ),
    messagesPerSecond: num(env.MESSAGES_PER_SECOND, 20, 'MESSAGES_PER_SECOND'),
    maxMessageBytes: num(env.MAX_MESSAGE_BYTES, 16_384, 'MAX_MESSAGE_BYTES'),
    sendBufferBytes: Math.max(1, num(env.SEND_BUFFER_BYTES, 262_144, 'SEND_BUFFER_BYTES')),
    pingIntervalMs: Math.max(1000, num(env.PING_INTERVAL_MS, 25_000, 'PING_INTERVAL_MS')),
    archiveAfterMs: num(env.ARCHIVE_AFTER_DAYS, 30, 'ARCHIVE_AFTER_DAYS') * 86_400_000,
    tableIdleMs: within(env.TABLE_IDLE_MS, 300_000, 'TABLE_IDLE_MS', 0, 86_400_000),
    analysisQueue: num(env.ANALYSIS_QUEUE, 8, 'ANALYSIS_QUEUE'),
    analysisBudget: env.ANALYSIS_BUDGET
      ? Math.max(1, Math.round(num(env.ANALYSIS_BUDGET, 1, 'ANALYSIS_BUDGET')))
      : undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    nodes: Math.max(1, Math.round(num(env.NODES, 1, 'NODES'))),
    testRoutes: env.MATCHBOX_TEST_ROUTES === '1',
    pushHosts:
      env.PUSH_HOSTS === undefined
        ? DEFAULT_PUSH_HOSTS
        : env.PUSH_HOSTS.split(',')
            .map((h) => h.trim())
            .filter(Boolean),
    pushSubject: checkedSubject(env.PUSH_SUBJECT || undefined),
    testPasswords: env.MATCHBOX_TEST_PASSWORDS === '1',
  };
}

/** A VAPID subject must be an https URL or a mailto: address (the push services refuse others). */
function checkedSubject(subject: string | undefined): string | undefined {
  if (subject !== undefined && !/^(https:\/\/|mailto:)\S+$/.test(subject))
    throw new Error(`PUSH_SUBJECT must be an https URL or a mailto: address, not "${subject}"`);
  return subject;
}

/** The list as given, once it is known to parse (a typo fails at start, not at the first request). */
function checkedProxies(list: string): string {
  trustedProxies(list);
  return list;
}

/**
 * `ADDRESS_LIMITS_SCALE` multiplies every allowance per address (and the connections per address):
 * a test suite whose every client is 127.0.0.1 raises them all with one setting.
 */
const addressScale = (env: NodeJS.ProcessEnv): number =>
  num(env.ADDRESS_LIMITS_SCALE, 1, 'ADDRESS_LIMITS_SCALE');

function costLimitsFromEnv(env: NodeJS.ProcessEnv): CostLimits {
  const scale = addressScale(env);
  const pair = (name: string, address: number, account: number, seconds: number) => ({
    address: { points: num(env[`${name}_PER_ADDRESS`], address, `${name}_PER_ADDRESS`) * scale, seconds },
    account: { points: num(env[`${name}_PER_ACCOUNT`], account, `${name}_PER_ACCOUNT`), seconds },
  });
  return {
    replays: pair('REPLAYS', 120, 60, 60),
    records: pair('RECORDS', 120, 60, 60),
    analyses: pair('ANALYSES', 30, 10, 3600),
    tables: pair('TABLE_POINTS', 600, 150, 600),
    events: pair('EVENT_POINTS', 300, 150, 60),
    reports: pair('REPORTS', 10, 5, 3600),
  };
}
