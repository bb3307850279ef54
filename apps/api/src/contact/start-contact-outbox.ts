import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import type { DbHandle } from '../db/database';
import type { Forwarder } from './forwarders/forwarder';
import { createOutboxWorker } from './outbox-worker';

/** Starts the outbox worker for the configured forwarder and says at start-up which one is active. */
export function startContactOutbox(options: {
  config: Pick<Config, 'CONTACT_OUTBOX_POLL_MS' | 'CONTACT_RETRY_BASE_SECONDS'>;
  dbHandle: DbHandle;
  forwarder: Forwarder | null;
  log: FastifyBaseLogger;
}): { stop(): Promise<void> } {
  const { forwarder, log } = options;
  if (!forwarder) {
    log.warn(
      'contact forwarding: no forwarder configured (EMAILJS_* or SMTP_URL); messages are only stored — list them with `npm run messages`',
    );
    return { stop: async () => {} };
  }
  log.info({ forwarder: forwarder.name }, `contact forwarding: active through ${forwarder.description}`);
  const worker = createOutboxWorker({
    db: options.dbHandle.db,
    dialect: options.dbHandle.dialect,
    forwarder,
    log,
    pollMs: options.config.CONTACT_OUTBOX_POLL_MS,
    retryBaseMs: options.config.CONTACT_RETRY_BASE_SECONDS * 1000,
  });
  worker.start();
  return {
    async stop() {
      await worker.stop();
      forwarder.close?.();
    },
  };
}
