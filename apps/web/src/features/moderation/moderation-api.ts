import type { ApiError, Decision, DecisionBody, Proposal } from '@cng/shared';

/** The admin token lives for this tab only (sessionStorage), never in the page's URL or in localStorage. */
export const TOKEN_KEY = 'cng-admin-token';

async function call<T>(token: string, url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: { ...init.headers, accept: 'application/json', authorization: `Bearer ${token}` },
  });
  const body = (await res.json().catch(() => null)) as (T & ApiError) | null;
  if (!res.ok) throw new Error(body?.message ?? `The server answered ${res.status}.`);
  return body as T;
}

/** Pending proposals and problem reports, newest first. */
export async function fetchPending(token: string): Promise<Proposal[]> {
  return (await call<{ proposals: Proposal[] }>(token, '/api/admin/proposals?state=pending')).proposals;
}

/** Decides on one proposal; answers it with every decision on it. */
export function decideProposal(token: string, id: number, body: DecisionBody) {
  return call<{ proposal: Proposal; decisions: Decision[] }>(token, `/api/admin/proposals/${id}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
