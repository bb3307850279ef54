import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errorHandler from './error-handler';
import finiteNumbers from './finite-numbers';

describe('central error handling', () => {
  const app = Fastify({
    logger: false,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false } },
  });
  beforeAll(async () => {
    await app.register(errorHandler);
    await app.register(finiteNumbers);
    app.get(
      '/q',
      {
        schema: {
          querystring: { type: 'object', properties: { lat: { type: 'number', minimum: -90, maximum: 90 } } },
        },
      },
      async (req) => req.query,
    );
    app.post(
      '/b',
      {
        schema: {
          body: {
            type: 'object',
            required: ['line'],
            properties: {
              line: {
                type: 'object',
                required: ['type'],
                additionalProperties: false,
                properties: { type: { type: 'string' } },
              },
            },
          },
        },
      },
      async () => ({ ok: true }),
    );
    app.get('/boom', async () => {
      throw new Error('secret internal detail at /srv/app.ts:12');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('refuses infinite numbers that pass coercion, naming the parameter', async () => {
    for (const lat of ['Infinity', '-Infinity', '1e400']) {
      const res = await app.inject({ url: `/q?lat=${lat}` });
      expect(res.statusCode, lat).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'Bad Request',
        details: [{ field: 'lat', problem: 'must be a finite number' }],
      });
    }
    expect((await app.inject({ url: '/q?lat=45.5' })).json()).toEqual({ lat: 45.5 });
  });

  it('names nested fields with their path', async () => {
    const extra = await app.inject({
      method: 'POST',
      url: '/b',
      payload: { line: { type: 'x', properties: {} } },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().details).toEqual([{ field: 'line.properties', problem: 'is not allowed' }]);
    const missing = await app.inject({ method: 'POST', url: '/b', payload: { line: {} } });
    expect(missing.json().details).toEqual([{ field: 'line.type', problem: 'is required' }]);
  });

  it('answers unexpected errors with 500 and no internals', async () => {
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(res.body).not.toContain('secret');
  });
});
