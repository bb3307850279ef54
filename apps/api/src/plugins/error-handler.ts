import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

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

/**
 * The one error handler: bad input becomes 4xx `{ error, message, details }` naming the fields;
 * anything unexpected is logged with the request and answered 500 without internals.
 */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & { validationContext?: string }, request, reply) => {
    if (err.validation) {
      const details = err.validation.map((v) => describe(v as ValidationItem, err.validationContext));
      const message = details.map((d) => `${d.field} ${d.problem}`).join('; ');
      return reply.code(400).send({ error: 'Bad Request', message, details });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.code(status).send({
        error: STATUS_CODES[status] ?? 'Error',
        message: 'Something went wrong on our side. Please try again.',
      });
    }
    // 4xx raised by Fastify itself or our routes (bad JSON, body too large, 429…) carry safe messages.
    const body: Record<string, unknown> = { error: STATUS_CODES[status] ?? 'Error', message: err.message };
    const bodyError = err.code ? BODY_ERRORS[err.code] : undefined;
    const details = (err as { details?: unknown }).details ?? (bodyError && [bodyError]);
    if (details) body.details = details;
    return reply.code(status).send(body);
  });
});
