/**
 * A 4xx error the central error handler answers as `{ error, message, details: [{ field, problem }] }`.
 * `message` defaults to "<field> <problem>".
 */
export function badInput(field: string, problem: string, statusCode = 400, message?: string): Error {
  return Object.assign(new Error(message ?? `${field} ${problem}`), {
    statusCode,
    details: [{ field, problem }],
  });
}
