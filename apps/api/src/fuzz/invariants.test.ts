import { describe, expect, it } from 'vitest';
import type { FuzzRequest } from './arbitraries';
import { brokenInvariant } from './invariants';
import type { RouteSpec } from './route-table';

const route: RouteSpec = {
  method: 'POST',
  path: '/api/contact',
  params: [],
  body: { type: 'object' },
  responses: { '201': { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } },
  auth: null,
};
const req = (over: Partial<FuzzRequest> = {}): FuzzRequest => ({
  route,
  method: 'POST',
  url: '/api/contact',
  headers: {},
  body: null,
  origin: 'none',
  transport: 'inject',
  bodyKind: 'valid',
  ...over,
});
const json = { 'content-type': 'application/json; charset=utf-8' };
const none = new Set<string>();
const error = (details: unknown) => JSON.stringify({ error: 'Bad Request', message: 'x', details });

describe('the fuzz invariants', () => {
  it('hold for a declared 2xx and for a 4xx naming its field', () => {
    expect(brokenInvariant(req(), { status: 201, headers: json, body: '{"id":1}' }, none)).toBeNull();
    const bad = { status: 400, headers: json, body: error([{ field: 'name', problem: 'is required' }]) };
    expect(brokenInvariant(req(), bad, none)).toBeNull();
  });

  it('break on a 5xx', () => {
    expect(brokenInvariant(req(), { status: 500, headers: json, body: '{}' }, none)).toMatch(/answered 500/);
  });

  it('break on a 4xx that is not JSON, not the error shape, or names no field', () => {
    expect(
      brokenInvariant(req(), { status: 400, headers: { 'content-type': 'text/plain' }, body: 'no' }, none),
    ).toMatch(/not JSON/);
    expect(brokenInvariant(req(), { status: 404, headers: json, body: '{"oops":1}' }, none)).toMatch(
      /error shape/,
    );
    expect(brokenInvariant(req(), { status: 401, headers: json, body: error(undefined) }, none)).toMatch(
      /names no field/,
    );
    expect(
      brokenInvariant(
        req(),
        { status: 400, headers: json, body: error([{ field: '', problem: 'x' }]) },
        none,
      ),
    ).toMatch(/empty field/);
  });

  it('break on a 2xx that does not match the route schema or is not declared', () => {
    expect(brokenInvariant(req(), { status: 201, headers: json, body: '{"id":"1"}' }, none)).toMatch(
      /response schema/,
    );
    expect(brokenInvariant(req(), { status: 200, headers: json, body: '{}' }, none)).toMatch(
      /not a status the route declares/,
    );
  });

  it('break on a write accepted from another origin, unless the route takes them', () => {
    const res = { status: 201, headers: json, body: '{"id":1}' };
    expect(brokenInvariant(req({ origin: 'cross-origin' }), res, none)).toMatch(/another origin/);
    expect(brokenInvariant(req({ origin: 'null' }), res, none)).toMatch(/another origin/);
    expect(brokenInvariant(req({ origin: 'cross-origin' }), res, new Set(['/api/contact']))).toBeNull();
  });

  it('break on a method the route does not take answered as a success', () => {
    const res = { status: 200, headers: json, body: '{"id":1}' };
    expect(brokenInvariant(req({ method: 'DELETE' }), res, none)).toMatch(/does not take/);
  });
});
