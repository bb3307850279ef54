import { ApiErrorSchema } from '@cng/shared';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FuzzRequest } from './arbitraries';
import type { JsonSchema } from './route-table';
import type { FuzzResponse } from './send';
import { isCrossOrigin } from './send';

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const checkError = ajv.compile(ApiErrorSchema);
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

function validatorOf(schema: JsonSchema): ValidateFunction {
  let v = compiled.get(schema);
  if (!v) {
    v = ajv.compile(schema);
    compiled.set(schema, v);
  }
  return v;
}

/**
 * The broken invariant of one answer, or null when it holds:
 * no 5xx; a 4xx is JSON `{ error, message, details: [{ field, problem }] }`; a 2xx JSON answer matches its
 * route's response schema; a write sent from another origin is refused, unless the route takes them.
 */
export function brokenInvariant(
  req: FuzzRequest,
  res: FuzzResponse,
  crossOriginRoutes: ReadonlySet<string>,
): string | null {
  const { status } = res;
  if (status >= 500) return `answered ${status}: ${res.body.slice(0, 300)}`;
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  if (req.method !== req.route.method && req.method !== 'HEAD' && status < 400)
    return `answered ${status} to ${req.method}, a method the route does not take`;
  if (
    req.method !== 'GET' &&
    req.method !== 'HEAD' &&
    isCrossOrigin(req.origin) &&
    !crossOriginRoutes.has(req.route.path) &&
    status < 400
  )
    return `accepted a write from another origin (${req.origin}) with ${status}`;
  if (status >= 400) {
    if (req.method === 'HEAD') return null;
    if (!isJson)
      return `${status} is not JSON (${String(res.headers['content-type'])}): ${res.body.slice(0, 200)}`;
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return `${status} body is not valid JSON: ${res.body.slice(0, 200)}`;
    }
    if (!checkError(body))
      return `${status} body is not the error shape: ${ajv.errorsText(checkError.errors)}`;
    const details = (body as { details?: { field: string; problem: string }[] }).details;
    if (!details?.length) return `${status} names no field: ${res.body.slice(0, 200)}`;
    if (details.some((d) => !d.field || !d.problem))
      return `${status} has an empty field or problem: ${res.body.slice(0, 200)}`;
    return null;
  }
  if (status >= 200 && status < 300 && req.method !== 'HEAD' && isJson) {
    const schema = req.route.responses[String(status)];
    if (!schema) return `${status} is not a status the route declares`;
    const check = validatorOf(schema);
    if (!check(JSON.parse(res.body)))
      return `${status} does not match the response schema: ${ajv.errorsText(check.errors)}`;
  }
  return null;
}
