import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DB_RETRY_AFTER_SEC, databaseUnavailable } from '../db/db-outage';
import { drainRequest } from '../lib/drain-request';

/** How much of an over-large upload is read and thrown away so that its 413 arrives (see drainRequest). */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

interface ValidationItem {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
  keyword?: string;
}

/** Turns one Ajv error into `{ field, problem }`, naming the field the client sent. */
function describe(item: ValidationItem, context: string | undefined): { field: string; problem: string } {
  const missing = item.params?.missingProperty as string | undefined;
  const extra = item.params?.additionalProperty as string | undefined;
  const pathField = (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const nested = (name: string) => (pathField ? `${pathField}.${name}` : name);
  const field = missing ? nested(missing) : extra ? nested(extra) : pathField || context || 'request';
  let problem = item.message ?? 'is invalid';
  if (missing) problem = 'is required';
  else if (extra) problem = 'is not allowed';
  return { field, problem };
}

/** Fastify's own errors about the body as a whole, with the part of the request they concern. */
const BODY_ERRORS: Readonly<Record<string, { field: string; problem: string }>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { field: 'body', problem: 'is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { field: 'body', problem: 'is empty but content-type is application/json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { field: 'body', problem: 'is larger than this endpoint accepts' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { field: 'body', problem: 'does not match its Content-Length' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    field: 'content-type',
    problem: 'is not supported: send application/json',
  },
};

/**
 * Fastify's `frameworkErrors` option: the answers it makes before a request reaches a route (a path that is
 * not valid percent-encoding, a path parameter over maxParamLength) get the same JSON shape and the security
 * headers, which no hook adds there.
 */
export function frameworkErrorHandler(headers: Readonly<Record<string, string>>) {
  return (err: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
    const status = tooLong ? 414 : 400;
    const problem = tooLong ? 'has a segment that is too long' : 'is not valid percent-encoding';
    reply
      .headers(headers)
      .code(status)
      .send({
        error: STATUS_CODES[status],
        message: `path ${problem}`,
        details: [{ field: 'path', problem }],
      });
  };
}

/** Longest path segment a route parameter may be (Fastify's default is 100); longer ones are answered 414. */
export const MAX_PARAM_LENGTH = 1000;

/** Node's own answers to requests it cannot parse, by its error code (anything else is a 400). */
const CLIENT_ERRORS: Readonly<Record<string, { status: number; field: string; problem: string }>> = {
  HPE_HEADER_OVERFLOW: { status: 431, field: 'headers', problem: 'are larger than this server accepts' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, field: 'request', problem: 'did not arrive in time' },
};

/**
 * Fastify's `clientErrorHandler` option: what Node answers on its own (oversized headers, a malformed
 * request line, a request timeout) goes out with the security headers and the JSON error shape too.
 */
export function clientErrorHandler(headers: Readonly<Record<string, string>>) {
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const known = (err.code && CLIENT_ERRORS[err.code]) || {
      status: 400,
      field: 'request',
      problem: 'is not a valid HTTP request',
    };
    const reason = STATUS_CODES[known.status] ?? 'Bad Request';
    const body = JSON.stringify({
      error: reason,
      message: `${known.field} ${known.problem}`,
      details: [{ field: known.field, problem: known.problem }],
    });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${known.status} ${reason}\r\n${headerLines}content-type: application/json; charset=utf-8\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(err);
  };
}

/**
 * The one error handler: bad input becomes 4xx `{ error, message, details }` naming the fields; a database that
 * cannot be reached or written (db-outage.ts) is 503 with Retry-After, so a client keeps its write and sends it
 * again; anything unexpected is logged with the request and answered 500 without internals.
 */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler(async (err: FastifyError & { validationContext?: string }, request, reply) => {
    if (err.validation) {
      const details = err.validation.map((v) => describe(v as ValidationItem, err.validationContext));
      const message = details.map((d) => `${d.field} ${d.problem}`).join('; ');
      return reply.code(400).send({ error: 'Bad Request', message, details });
    }
    const down = err.statusCode ? null : databaseUnavailable(err);
    if (down) {
      app.dbWrites.failed(down);
      request.log.warn({ err, reason: down }, 'database unavailable: answered 503');
      reply.header('retry-after', String(DB_RETRY_AFTER_SEC));
      return reply.code(503).send({
        error: 'Service Unavailable',
        message: `The database is not available, so nothing was stored. Please try again in ${DB_RETRY_AFTER_SEC} seconds.`,
        details: [{ field: 'database', problem: `is unavailable (${down})` }],
      });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.code(status).send({
        error: STATUS_CODES[status] ?? 'Error',
        message: 'Something went wrong on our side. Please try again.',
      });
    }
    // The client is still uploading: read the rest first, or closing the connection resets it (see drainRequest).
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      await drainRequest(request.raw, DRAIN_MAX_BYTES, DRAIN_MAX_MS);
    // 4xx raised by Fastify itself or our routes (bad JSON, body too large, 429…) carry safe messages.
    const body: Record<string, unknown> = { error: STATUS_CODES[status] ?? 'Error', message: err.message };
    const bodyError = err.code ? BODY_ERRORS[err.code] : undefined;
    const details = (err as { details?: unknown }).details ?? (bodyError && [bodyError]);
    if (details) body.details = details;
    return reply.code(status).send(body);
  });
});
