import type { StatusSummary } from '@cng/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import deviceId from '../plugins/device-id';
import { eventRoutes } from './event-routes';
import { EventStreams } from './event-streams';
import { officialStatusRoutes } from './official-status-routes';
import { reportRoutes } from './report-routes';
import { StatusCache } from './status-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reports that still count, per station, and the summaries computed from them (status-cache.ts). */
    statusCache: StatusCache;
    /** The open live event streams of this instance. */
    eventStreams: EventStreams;
  }
}

const PRUNE_EVERY_MS = 60_000;

/**
 * Live station status (issue 7, ADR 0009): the status cache behind `app.statusProvider`, the report,
 * official-status and timeline routes, and the event stream. Every instance keeps its own cache and
 * streams, refreshed from the database on each 'status-changed' event (LISTEN/NOTIFY on PostgreSQL).
 */
export default fp(
  async function liveStatus(app: FastifyInstance) {
    const cache = new StatusCache(app.db);
    const streams = new EventStreams({
      heartbeatMs: app.config.SSE_HEARTBEAT_SEC * 1000,
      maxPerIp: app.config.SSE_MAX_STREAMS_PER_IP,
    });
    // Subscribe before loading, so a change that lands during the load is applied afterwards, not lost.
    const unsubscribe = app.changes.subscribe('status-changed', ({ stationId }) => {
      cache.refresh(stationId).catch((err) => app.log.error({ err, stationId }, 'status refresh failed'));
    });
    cache.onChange((change) => streams.broadcast(change));
    await cache.loadAll();
    app.log.info({ stations: cache.size }, 'live status loaded');

    app.decorate('statusCache', cache);
    app.decorate('eventStreams', streams);
    const summaryFor = (stationId: string): StatusSummary => cache.summaryFor(stationId);
    if (app.hasDecorator('statusProvider')) app.statusProvider.summaryFor = summaryFor;
    else app.decorate('statusProvider', { summaryFor });

    const timer = setInterval(() => cache.prune(), PRUNE_EVERY_MS);
    timer.unref();
    // Streams never end on their own: end them before the server waits for its connections to close.
    app.addHook('preClose', async () => {
      unsubscribe();
      clearInterval(timer);
      streams.closeAll();
    });

    await app.register(deviceId);
    await app.register(reportRoutes(cache));
    await app.register(officialStatusRoutes(cache));
    await app.register(eventRoutes(cache, streams));
  },
  { name: 'live-status', dependencies: ['station-index'] },
);
