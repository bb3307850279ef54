import type { Candidate, CandidateAnswer, CandidateAnswered, CandidatesNear } from '@cng/shared/client';
import type { LonLat } from '../../components/map/lat-lng';
import { apiRequest } from '../../lib/api-client';

/** The fuel stations near a point that may sell CNG and that this device has not answered about. */
export async function fetchCandidates(at: LonLat, signal: AbortSignal): Promise<Candidate[]> {
  const res = await apiRequest<CandidatesNear>(
    `/api/candidates?lat=${at.lat.toFixed(5)}&lon=${at.lon.toFixed(5)}&limit=3`,
    { signal, timeoutMs: 15_000 },
  );
  if (!res.ok) throw new Error(res.failure.message);
  return res.body?.candidates ?? [];
}

/** What an answer came to: stored (and what it decided), or not sent. */
export type AnswerOutcome = { kind: 'stored'; answered: CandidateAnswered } | { kind: 'failed' };

/**
 * Sends a driver's answer once, with an Idempotency-Key, so a retry after a lost answer cannot count twice.
 */
export async function answerCandidate(
  id: string,
  answer: CandidateAnswer,
  idempotencyKey: string,
): Promise<AnswerOutcome> {
  const res = await apiRequest<CandidateAnswered>(`/api/candidates/${encodeURIComponent(id)}/answers`, {
    method: 'POST',
    json: { answer },
    headers: { 'Idempotency-Key': idempotencyKey },
    timeoutMs: 15_000,
  });
  return res.ok && res.body ? { kind: 'stored', answered: res.body } : { kind: 'failed' };
}
