/**
 * Starts a matchbox server: storage (migrated), the table service with every unfinished table
 * resumed, the bot pool, HTTP and real-time on one port.
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { createServer } from 'node:http';
import type { Server as HttpServer, RequestListener, ServerOptions } from 'node:http';
import type { Server as SocketServer } from 'socket.io';
import pino from 'pino';
import type { Logger } from 'pino';
import type { BotRunner } from './bots.ts';
import { WorkerBotRunner } from './bots.ts';
import type { Coordinator } from './cluster.ts';
import { LocalCoordinator, RedisCoordinator } from './cluster.ts';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { ServerConfig } from './config.ts';
import type { Db, OpenedDb } from './db.ts';
import { openDb, ping } from './db.ts';
import { Members } from './account-http.ts';
import type { AnalysisRunner } from './analyses.ts';
import { AnalysisService, AnalysisStore, ProcessAnalysisRunner } from './analyses.ts';
import { ARGON2, AccountService, TEST_ARGON2 } from './accounts.ts';
import { AccountLimiter, DEFAULT_LIMITS } from './account-limits.ts';
import { loadSealKey } from './sealed.ts';
import { WEB_DIST, createHttpApp } from './http.ts';
import type { CostLimiters } from './limits.ts';
import { costLimiters, limitStore } from './limits.ts';
import type { SpectatorPlaces } from './spectator-places.ts';
import { MemoryPlaces, RedisPlaces } from './spectator-places.ts';
import { earlyRefusal } from './early-refusal.ts';
import { trustedProxies } from './client-address.ts';
import { LiveTable } from './live-table.ts';
import { RatingService } from './ratings.ts';
import type { Metrics } from './metrics.ts';
import { createMetrics } from './metrics.ts';
import { createRealtime } from './realtime.ts';
import { KyselyStore } from './store.ts';
import { PairingService } from './pairing.ts';
import type { TableServiceConfig } from './tables.ts';
import { TableService } from './tables.ts';
import { EventService } from './events/service.ts';
import { EventStore } from './events/store.ts';
import { blockPolicy, ReportService } from './reports.ts';
import type { Agent } from 'node:https';
import { PushService, pushSubject } from './push.ts';
import type { TableRecord } from './store.ts';

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly service: TableService;
  readonly store: KyselyStore;
  /** The database under the store (for tools and tests that need a table the store does not serve). */
  readonly db: Db;
  readonly analyses: AnalysisService;
  /** The "Play now" pools (pairing.ts). */
  readonly pairing: PairingService;
  readonly events: EventService;
  /** Notifications (push.ts). */
  readonly push: PushService;
  /** The socket.io server (tests reach a connection's server side through it). */
  readonly io: SocketServer;
  close(): Promise<void>;
}

/** Games that ended just before a crash, without their ratings (the last week's), are rated. */
function catchUpRatings(ratings: RatingService, store: KyselyStore, log: Logger): void {
  void ratings
    .catchUp(Date.now() - 7 * 86_400_000, async (id) => {
      const record = await store.getTable(id);
      if (!record) return null;
      const table = await LiveTable.load(record, store);
      return { record, game: table.game, state: table.state };
    })
    .then((n) => n > 0 && log.info({ recorded: n }, 'ratings caught up'))
    .catch((e: unknown) => log.error({ err: e }, 'rating catch-up failed'));
}

/**
 * The server's periodic work: in a cluster, adopting the tables of nodes that died; everywhere,
 * archiving idle tables (once now, then hourly) and pairing's sweep. Returns what stops it.
 */
async function startTimers(
  service: TableService,
  clustered: boolean,
  leaseMs: number,
  log: Logger,
  pairing: PairingService,
): Promise<() => void> {
  const stopPairing = pairing.run(service);
  const adopter = clustered
    ? setInterval(
        () => void service.adoptOrphans().catch((e: unknown) => log.error({ err: e }, 'adopt failed')),
        Math.max(250, leaseMs / 2),
      )
    : null;
  adopter?.unref();
  await service.archiveIdle();
  const archiver = setInterval(() => void service.archiveIdle().catch(() => undefined), 3_600_000);
  archiver.unref();
  return () => {
    stopPairing();
    clearInterval(archiver);
    if (adopter) clearInterval(adopter);
  };
}

/** The "Play now" pools, with the countdown of the settings; a member seated keeps the seat in the account. */
const newPairing = (
  opened: OpenedDb,
  service: () => TableService,
  log: Logger,
  config: ServerConfig,
  accounts: AccountService,
  sealKey: Buffer,
  push: PushService,
): PairingService =>
  new PairingService(opened.db, opened.dialect, service, log, {
    countdownMs: config.pairingCountdownMs,
    sealKey,
    onSeated: async (account, ticket) => {
      await accounts.attach(account, ticket);
      push.notify([account], 'paired', ticket.tableId, ticket.game);
    },
    // Two people one of whom blocked the other never share a table (reports.ts).
    policy: blockPolicy,
  });

/** What follows a table's end and a person's leave: ratings and an event's results. */
function followTables(
  service: TableService,
  ratings: RatingService,
  events: EventService,
  log: Logger,
): void {
  service.onFinish((table) => {
    const failed = (what: string) => (e: unknown) => log.error({ err: e, table: table.record.id }, what);
    ratings.recordFinished(table).catch(failed('rating failed'));
    events.tableFinished(table).catch(failed('event results failed'));
  });
  // Leaving's cost (leaving.ts): a member who leaves a rated game is rated alone, as last place.
  service.onLeave(async (record, leaves) => {
    for (const leave of leaves) await ratings.rateLeaver(record, leave);
  });
}

/** Notifications to the push services of the settings, with one key pair for the cluster. */
const newPush = (db: Db, sealKey: Buffer, config: ServerConfig, agent: Agent | undefined, log: Logger) =>
  new PushService(
    db,
    sealKey,
    { hosts: config.pushHosts, subject: pushSubject(config.pushSubject, config.publicUrl), agent },
    log,
  );

/** The members at `seats` of a table (a person's seat that no stand-in plays), for notifications. */
function membersAt(record: TableRecord, seats: readonly number[]): string[] {
  const out: string[] = [];
  for (const seat of seats) {
    const s = record.seats[seat];
    if (s?.kind === 'human' && !s.left && !s.standIn && s.person?.startsWith('a:'))
      out.push(s.person.slice(2));
  }
  return out;
}

/**
 * Notifications (push.ts): a slow game's turn to the members now to act; a person taking a seat
 * to the table's other members (their invitation accepted). Pairing's are sent where it seats.
 */
function followForPush(service: TableService, push: PushService): void {
  service.onSlowTurn((record, seats) =>
    push.notify(membersAt(record, seats), 'turn', record.id, record.game),
  );
  service.onJoin((record, seat) => {
    const joiner = record.seats[seat]?.person ?? null;
    const others = record.seats
      .map((_, i) => i)
      .filter((i) => i !== seat && record.seats[i]?.person !== joiner);
    push.notify(membersAt(record, others), 'accepted', record.id, record.game);
  });
}

/** Readiness: the server has started, and its storage answers. */
function readyCheck(db: Db, started: () => boolean): () => Promise<boolean> {
  return async () => {
    if (!started()) return false;
    try {
      await ping(db);
      return true;
    } catch {
      return false;
    }
  };
}

/** The table service's part of the configuration, with the base URL of invite links. */
function tableServiceConfig(config: ServerConfig, publicUrl: string): TableServiceConfig {
  return {
    botPaceMs: config.botPaceMs,
    snapshotEvery: config.snapshotEvery,
    tablesPerAddress: config.tablesPerAddress,
    publicUrl,
    archiveAfterMs: config.archiveAfterMs,
    standInGraceMs: config.standInGraceMs,
    abandonAfterMs: config.abandonAfterMs,
    tablePauseMs: config.tablePauseMs,
    tableIdleMs: config.tableIdleMs,
  };
}

/**
 * The server's secret, the limits store (Redis in cluster mode, so that every node sees each
 * guess) and the accounts, with any seat tokens an older version kept readable sealed.
 */
async function openAccounts(db: Db, config: ServerConfig, coordinator: Coordinator, log: Logger) {
  const sealKey = loadSealKey(config.secret, config.dataDir);
  if (coordinator.clustered && sealKey.source === 'file')
    log.warn(
      { dataDir: config.dataDir },
      'MATCHBOX_SECRET is not set: the nodes must share this data folder (its secret.key), or members find their tables only on nodes with the same key',
    );
  const limits = limitStore(
    coordinator instanceof RedisCoordinator ? coordinator.limitsClient() : null,
    config.redisPrefix,
  );
  const accounts = new AccountService(
    db,
    sealKey,
    new AccountLimiter(DEFAULT_LIMITS, limits),
    Date.now,
    config.testPasswords ? TEST_ARGON2 : ARGON2,
  );
  const sealed = await accounts.sealStoredTokens();
  if (sealed > 0) log.info({ sealed }, 'sealed the seat tokens accounts kept readable');
  return { sealKey, limits, accounts };
}

export async function startServer(
  config: ServerConfig,
  options: {
    log?: Logger;
    bots?: BotRunner;
    analysisRunner?: AnalysisRunner;
    /** The TLS agent of notifications' sends (tests: one that trusts a local push service). */
    pushAgent?: Agent;
  } = {},
): Promise<RunningServer> {
  const log = options.log ?? pino({ level: config.logLevel });
  const metrics = createMetrics();
  const opened = await openDb({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    sqliteSynchronous: config.sqliteSynchronous,
    onQuery: () => metrics.queries.inc(),
    sqliteFile: join(config.dataDir, 'matchbox.db'),
  });
  const store = new KyselyStore(opened.db, opened.dialect);
  if (config.redisUrl && !config.databaseUrl)
    throw new Error('Cluster mode (REDIS_URL) needs PostgreSQL (DATABASE_URL): SQLite is one node only.');
  const coordinator: Coordinator = config.redisUrl
    ? await RedisCoordinator.connect({
        url: config.redisUrl,
        leaseMs: config.leaseMs,
        prefix: config.redisPrefix,
      })
    : new LocalCoordinator();
  const bots = options.bots ?? new WorkerBotRunner(config.botThreads, config.botTimeMs);
  let service: TableService | null = null;
  const getService = () => {
    if (!service) throw new Error('the server is starting');
    return service;
  };
  let ready = false;
  const { sealKey, limits, accounts } = await openAccounts(opened.db, config, coordinator, log);
  const ratings = new RatingService(opened.db, opened.dialect, accounts, log);
  const events = new EventService(new EventStore(opened.db, sealKey), getService);
  const analyses = new AnalysisService(
    // The routes apply a duplicate event's rule with the caller's token first (analysis-http.ts).
    (id) => getService().record(id, null, { checked: true }),
    new AnalysisStore(opened.db),
    options.analysisRunner ?? new ProcessAnalysisRunner(),
    {
      queue: config.analysisQueue,
      perRequester: config.analysesWaitingPerRequester,
      budget: config.analysisBudget,
    },
    log,
  );
  const reports = new ReportService(opened.db, store);
  const push = newPush(opened.db, sealKey.key, config, options.pushAgent, log);
  const pairing = newPairing(opened, getService, log, config, accounts, sealKey.key, push);
  const costs = costLimiters(config.costLimits, limits);
  const app = createHttpApp(
    getService,
    config,
    metrics,
    readyCheck(opened.db, () => ready),
    WEB_DIST,
    new Members(accounts, ratings),
    () => analyses,
    costs,
    () => pairing,
    () => events,
    () => reports,
    () => push,
  );
  const http = httpServer(app.fetch, costs, config, metrics);
  const places = spectatorPlaces(coordinator, config);
  const { io, broadcaster } = createRealtime(http, getService, config, log, metrics, sealKey.key, places);
  if (coordinator instanceof RedisCoordinator) {
    // Updates reach sockets on every node: socket.io's Redis Streams adapter.
    io.adapter(createAdapter(coordinator.adapterClient(), { streamName: `${config.redisPrefix}socket.io` }));
  }
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.port, config.host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const url = config.publicUrl ?? `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  service = new TableService(
    store,
    bots,
    broadcaster,
    tableServiceConfig(config, url),
    log,
    metrics,
    coordinator,
  );
  followTables(service, ratings, events, log);
  followForPush(service, push);
  service.chat.members = accounts;
  const resumed = await service.resumeAll();
  catchUpRatings(ratings, store, log);
  const stopTimers = await startTimers(service, coordinator.clustered, config.leaseMs, log, pairing);
  ready = true;
  log.info(
    {
      url,
      storage: opened.dialect,
      where: opened.where,
      resumed,
      node: coordinator.nodeId,
      cluster: coordinator.clustered,
    },
    'matchbox server ready',
  );
  return {
    url,
    port,
    service,
    store,
    db: opened.db,
    analyses,
    pairing,
    events,
    push,
    io,
    async close() {
      ready = false;
      stopTimers();
      service?.close();
      await analyses.close();
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
      await bots.close();
      places.close();
      await coordinator.close();
      await store.close();
      metrics.stop();
    },
  };
}

/** The HTTP server: an address found spent for a route is refused before the routes read anything. */
function httpServer(
  fetch: (request: Request) => Response | Promise<Response>,
  costs: CostLimiters,
  config: ServerConfig,
  metrics: Metrics,
): HttpServer {
  const early = earlyRefusal(costs, trustedProxies(config.trustedProxies), () =>
    metrics.rejected.inc({ code: 'rate_limited' }),
  );
  return createAdaptorServer({
    fetch,
    createServer: ((options: ServerOptions, listener: RequestListener) =>
      createServer(options, (req, res) => {
        if (!early(req, res)) listener(req, res);
      })) as typeof createServer,
  }) as HttpServer;
}

/** Spectator places per table: in Redis with several nodes, so the limit holds for all of them. */
function spectatorPlaces(coordinator: Coordinator, config: ServerConfig): SpectatorPlaces {
  return coordinator instanceof RedisCoordinator
    ? new RedisPlaces({
        redis: coordinator.limitsClient(),
        limit: config.spectatorsPerTable,
        prefix: config.redisPrefix,
        nodeId: coordinator.nodeId,
      })
    : new MemoryPlaces(config.spectatorsPerTable);
}
