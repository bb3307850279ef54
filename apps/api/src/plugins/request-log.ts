import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Config } from '../config/env';

/** Methods that only read. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Which requests get a log line (LOG_REQUESTS), as Fastify's log controller: every other line Fastify writes
 * (a route not found, a stream error, the default error log) stays as it is.
 * - `all`: Fastify's own two lines for every request, "incoming request" and "request completed".
 * - `writes-and-errors` (the default): one "request completed" line, with the request, for each write and
 *   each answer of 400 or more — what an operator looks for (who changed what, what failed) — and none for a
 *   station read that succeeds. Two lines per read cost ~10 µs of the server's time (pino, to a file), as much
 *   as the rest of a nearest answer's own work; an access log of every read is the reverse proxy's job.
 * - `none`: only requests that end in an error (the answer could not be sent whole).
 * A 500's error, with its stack, is logged by the error handler whatever the setting.
 */
export class RequestLogPolicy extends LogController {
  constructor(private readonly policy: Config['LOG_REQUESTS']) {
    super();
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (this.policy === 'all') super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (this.policy === 'all' || error) return super.requestCompleted(error, request, reply, metadata);
    if (this.policy === 'none') return;
    if (READ_METHODS.has(request.method) && reply.statusCode < 400) return;
    // No "incoming request" line came before this one: it names the request itself.
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
