import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errorHandler from './error-handler';
import queryShape from './query-shape';

describe('central error handling', () => {
  const app = Fastify({
    logger: false,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false } },
  });
  beforeAll(async () => {
    await app.register(errorHandler);
    await app.register(queryShape);
    app.get(
      '/q',
      {
        schema: {
          querystring: { type: 'object', properties: { lat: { type: 'number', minimum: -90, maximum: 90 } } },
        },
      },
      async (req) => req.query,
    );
    app.get(
      '/p/:id',
      { schema: { params: { type: 'object', properties: { id: { type: 'number', minimum: 1 } } } } },
      async (req) => req.params,
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

  it('refuses numbers that pass coercion only as infinities, naming the parameter', async () => {
    const refused = async (url: string, problem: string) => {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ error: 'Bad Request', details: [{ problem }] });
      return res.json().details[0].field;
    };
    // In a query, a number must be written in decimal first, and then be finite.
    for (const lat of ['Infinity', '-Infinity'])
      expect(await refused(`/q?lat=${lat}`, 'must be a decimal number, e.g. 45.46')).toBe('lat');
    expect(await refused('/q?lat=1e400', 'must be a finite number')).toBe('lat');
    // In a path, the same numbers are refused as infinite.
    for (const id of ['Infinity', '-Infinity', '1e400'])
      expect(await refused(`/p/${id}`, 'must be a finite number')).toBe('id');
    expect((await app.inject({ url: '/q?lat=45.5' })).json()).toEqual({ lat: 45.5 });
    expect((await app.inject({ url: '/p/12' })).json()).toEqual({ id: 12 });
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
