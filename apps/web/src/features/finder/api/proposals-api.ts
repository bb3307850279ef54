import type { AddStationBody, ApiError, ProblemBody, ProposalCreated } from '@cng/shared';

/** What a proposal's POST came to: stored (with the server's words), refused with a reason, or not sent. */
export type ProposalOutcome =
  | { kind: 'stored'; created: ProposalCreated }
  | { kind: 'refused'; message: string; field: string | null }
  | { kind: 'network-error' };

async function postProposal(url: string, body: object): Promise<ProposalOutcome> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: 'network-error' };
  }
  const json = (await res.json().catch(() => null)) as (ApiError & ProposalCreated) | null;
  if (res.status === 201 && json) return { kind: 'stored', created: json };
  return {
    kind: 'refused',
    message: json?.message ?? `The server answered ${res.status}.`,
    field: json?.details?.[0]?.field ?? null,
  };
}

/** Proposes a CNG station the map does not have. */
export function proposeStation(body: AddStationBody): Promise<ProposalOutcome> {
  return postProposal('/api/station-proposals', body);
}

/** Reports that something is wrong with a station. */
export function reportProblem(stationId: string, body: ProblemBody): Promise<ProposalOutcome> {
  return postProposal(`/api/stations/${encodeURIComponent(stationId)}/problems`, body);
}

/** The words a driver reads after sending. */
export function outcomeText(outcome: ProposalOutcome): { ok: boolean; text: string } {
  if (outcome.kind === 'stored') return { ok: true, text: outcome.created.message };
  if (outcome.kind === 'network-error')
    return { ok: false, text: 'No connection: nothing was sent. Please try again.' };
  return { ok: false, text: outcome.message };
}
