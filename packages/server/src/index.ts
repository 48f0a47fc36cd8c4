/** @matchbox/server: the authoritative game server. */
export { startServer } from './server.ts';
export type { RunningServer } from './server.ts';
export { configFromEnv } from './config.ts';
export type { ServerConfig } from './config.ts';
export { TableService } from './tables.ts';
export { KyselyStore } from './store.ts';
export type { Store, TableRecord, LoggedAction } from './store.ts';
export { openDb } from './db.ts';
export { WorkerBotRunner } from './bots.ts';
export type { BotRunner, BotMoveRequest } from './bots.ts';
export { ReportService } from './reports.ts';
