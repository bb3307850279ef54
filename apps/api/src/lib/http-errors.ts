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

/** A 400 for text that is refused, with the refusal's code beside the field and the problem. */
export function refusedText(field: string, refusal: { code: string; problem: string }): Error {
  return Object.assign(new Error(`${field} ${refusal.problem}`), {
    statusCode: 400,
    details: [{ field, problem: refusal.problem, code: refusal.code }],
  });
}
