import type { Decision, DecisionBody, ModeratedCandidate, Proposal } from '@cng/shared/client';
import { ApiClientError, apiRequest } from '../../lib/api-client';

/** The admin token lives for this tab only (sessionStorage), never in the page's URL or in localStorage. */
export const TOKEN_KEY = 'cng-admin-token';

async function call<T>(token: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest<T>(url, {
    method: body === undefined ? 'GET' : 'POST',
    json: body,
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new ApiClientError(res.failure);
  return res.body;
}

/** Pending proposals and problem reports, newest first. */
export async function fetchPending(token: string): Promise<Proposal[]> {
  return (await call<{ proposals: Proposal[] }>(token, '/api/admin/proposals?state=pending')).proposals;
}

/** Decides on one proposal; answers it with every decision on it. */
export function decideProposal(token: string, id: number, body: DecisionBody) {
  return call<{ proposal: Proposal; decisions: Decision[] }>(
    token,
    `/api/admin/proposals/${id}/decision`,
    body,
  );
}

/** The fuel-station candidates drivers answered about, confirmed and retired included, latest answer first. */
export async function fetchAnsweredCandidates(token: string): Promise<ModeratedCandidate[]> {
  return (await call<{ candidates: ModeratedCandidate[] }>(token, '/api/admin/candidates?limit=50'))
    .candidates;
}
