import type { Config } from './config/env';
import type { CoverageService } from './coverage/coverage';
import type { ChangeFeed } from './db/change-feed';
import type { Db, DbHandle } from './db/database';
import type { DatabaseWrites } from './db/db-outage';
import type { RoutingEngine } from './routing/routing';
import type { StationIndexHolder, StatusProvider } from './stations/stations';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbHandle: DbHandle;
    changes: ChangeFeed;
    /** Whether writes reach the database, as the last of them found (db/db-outage.ts). */
    dbWrites: DatabaseWrites;
    appVersion: string;
    /** The in-memory station index every station query reads (stations/station-index-plugin.ts). */
    stationIndex: StationIndexHolder;
    /** Live status per station; the live-status feature replaces the default (all unknown). */
    statusProvider: StatusProvider;
    /** Road distances, drive times and routes (routing/); null when ROUTING_URL is unset. */
    routingEngine: RoutingEngine | null;
    /** How complete the station list is at a point and by area (coverage/coverage-plugin.ts). */
    coverage: CoverageService;
  }
}
