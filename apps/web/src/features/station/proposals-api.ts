import type { AddStationBody, ProblemBody, ProposalCreated } from '@cng/shared/client';
import { t } from '../../i18n/i18n';
import { apiRequest } from '../../lib/api-client';

/** What a proposal's POST came to: stored (with the server's words), refused with a reason, or not sent. */
export type ProposalOutcome =
  | { kind: 'stored'; created: ProposalCreated }
  | { kind: 'refused'; status: number; message: string; field: string | null }
  | { kind: 'network-error' };

async function postProposal(url: string, body: object): Promise<ProposalOutcome> {
  const res = await apiRequest<ProposalCreated>(url, { method: 'POST', json: body });
  if (res.ok && res.status === 201 && res.body) return { kind: 'stored', created: res.body };
  if (res.ok)
    return {
      kind: 'refused',
      status: res.status,
      message: t('finder.errors.serverAnswered', { status: String(res.status) }),
      field: null,
    };
  if (res.failure.status === 0) return { kind: 'network-error' };
  return {
    kind: 'refused',
    status: res.failure.status,
    message: res.failure.message,
    field: res.failure.fields[0] ?? null,
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

/**
 * Why a proposal was refused, for the driver. The server gives its reason in English: English pages show it as
 * given; every other language says what the driver can do about it, by the kind of refusal (never the English).
 */
export function refusalText(
  outcome: Extract<ProposalOutcome, { kind: 'refused' }>,
  english: boolean,
): string {
  if (english) return outcome.message;
  if (outcome.status === 429) return t('report.proposal.refusedBusy');
  if (outcome.status === 404) return t('report.proposal.refusedGone');
  return t('report.proposal.refusedCheck');
}

/** The words a driver reads after sending. */
export function outcomeText(outcome: ProposalOutcome): { ok: boolean; text: string } {
  if (outcome.kind === 'stored') return { ok: true, text: outcome.created.message };
  if (outcome.kind === 'network-error') return { ok: false, text: t('finder.errors.nothingSent') };
  return { ok: false, text: outcome.message };
}
