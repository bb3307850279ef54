import type { StatusSummary } from '@cng/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import deviceId from '../plugins/device-id';
import { stationPositions } from '../stations/stations';
import { eventRoutes } from './event-routes';
import { EventStreams } from './event-streams';
import { createNetworkHasher } from './network-hash';
import { officialStatusRoutes } from './official-status-routes';
import { reportRoutes } from './report-routes';
import { StatusCache } from './status-cache';
import { statusListRoutes } from './status-list-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reports that still count, per station, and the summaries computed from them (status-cache.ts). */
    statusCache: StatusCache;
    /** The open live event streams of this instance. */
    eventStreams: EventStreams;
  }
}

/**
 * Events one stream may have waiting while its client does not read (one per station at most: a newer state
 * replaces an older one). A page follows the ≤ 200 stations it shows, so a client past this is stuck.
 */
const SSE_MAX_QUEUED_EVENTS = 250;

// Decay changes confidence within minutes, not seconds: a minute is soon enough to tell open pages.
const RECOMPUTE_EVERY_MS = 60_000;

/**
 * Live station status (ADR 0009): the status cache behind `app.statusProvider`, the report,
 * official-status, timeline and status-list routes, and the event stream. Every instance keeps its own
 * cache and streams, refreshed from the database on each 'status-changed' event (LISTEN/NOTIFY on
 * PostgreSQL), reloaded on a 'resync', and recomputed every minute for changes the clock makes.
 */
export default fp(
  async function liveStatus(app: FastifyInstance) {
    // Positions come from the station index: a report or a change event reads none from the database.
    const cache = new StatusCache(app.db, stationPositions(app));
    const streams = new EventStreams({
      heartbeatMs: app.config.SSE_HEARTBEAT_SEC * 1000,
      maxPerNetwork: app.config.SSE_MAX_STREAMS_PER_IP,
      maxStreams: app.config.SSE_MAX_STREAMS,
      maxQueued: SSE_MAX_QUEUED_EVENTS,
    });
    // Subscribe before loading, so a change that lands during the load is applied afterwards, not lost.
    const unsubscribers = [
      app.changes.subscribe('status-changed', ({ stationId }) => {
        cache.refresh(stationId).catch((err) => app.log.error({ err, stationId }, 'status refresh failed'));
      }),
      // A rebuilt index may hold stations a moderator moved: streams follow boxes, so changes carry positions.
      app.stationIndex.onRebuilt(() => {
        cache.updatePositions().catch((err) => app.log.error({ err }, 'live status positions not updated'));
      }),
      app.changes.subscribe('feed-lost', ({ error, retryInMs }) => {
        app.log.error({ error, retryInMs }, 'change feed lost its connection; reconnecting');
      }),
      // Events may have been missed while the feed was away: reload, and tell streams what changed.
      app.changes.subscribe('resync', ({ reason }) => {
        cache
          .loadAll({ notify: true })
          .then((changes) => app.log.warn({ reason, changed: changes.length }, 'live status reloaded'))
          .catch((err) => app.log.error({ err }, 'live status reload failed'));
      }),
    ];
    cache.onChange((change) => streams.broadcast(change));
    // After the station index's own onReady hook (registered first): the positions are in memory by then.
    app.addHook('onReady', async () => {
      await cache.loadAll();
      app.log.info({ stations: cache.size }, 'live status loaded');
    });

    app.decorate('statusCache', cache);
    app.decorate('eventStreams', streams);
    const summaryFor = (stationId: string): StatusSummary => cache.summaryFor(stationId);
    if (app.hasDecorator('statusProvider')) app.statusProvider.summaryFor = summaryFor;
    else app.decorate('statusProvider', { summaryFor });

    // The clock changes statuses too (decay, reports passing the horizon): push those changes to open pages.
    const timer = setInterval(() => cache.recomputeAll(), RECOMPUTE_EVERY_MS);
    timer.unref();
    // Streams never end on their own: end them before the server waits for its connections to close.
    app.addHook('preClose', async () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
      clearInterval(timer);
      cache.close();
      streams.closeAll();
    });

    await app.register(deviceId);
    await app.register(reportRoutes(cache, createNetworkHasher(app.config.COOKIE_SECRET)));
    await app.register(officialStatusRoutes(cache));
    await app.register(eventRoutes(cache, streams));
    await app.register(statusListRoutes(cache));
  },
  { name: 'live-status', dependencies: ['station-index'] },
);
