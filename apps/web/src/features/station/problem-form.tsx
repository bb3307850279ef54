import { PROBLEM_REASONS, type ProblemReason, type StationSummary } from '@cng/shared/client';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { LonLat } from '../../components/map/lat-lng';
import { currentLocale, type MessageId, t } from '../../i18n/i18n';
import { shownName } from '../../lib/station-name';
import { type ProposalOutcome, refusalText, reportProblem } from './proposals-api';
import { fetchNearby } from './station-api';

const REASON_LABELS: Record<ProblemReason, MessageId> = {
  'wrong-position': 'report.problem.reason.wrongPosition',
  closed: 'report.problem.reason.closed',
  'not-cng': 'report.problem.reason.notCng',
  duplicate: 'report.problem.reason.duplicate',
};

/**
 * The words a driver reads after reporting a problem. The server answers in English: English pages show its own
 * words, other languages the same meaning from the catalog (refusalText).
 */
export function problemOutcomeText(outcome: ProposalOutcome): { ok: boolean; text: string } {
  const english = currentLocale() === 'en';
  if (outcome.kind === 'stored') {
    if (english && outcome.created.message) return { ok: true, text: outcome.created.message };
    return {
      ok: true,
      text: t(
        outcome.created.state === 'approved' ? 'report.proposal.hidden' : 'report.proposal.problemPending',
      ),
    };
  }
  if (outcome.kind === 'network-error') return { ok: false, text: t('report.proposal.noConnection') };
  return {
    ok: false,
    text: refusalText(outcome, english),
  };
}

/** "Something is wrong here": why, with the driver's position as the corrected pin or the station it repeats. */
export function ProblemForm({ station, position }: { station: StationSummary; position: LonLat | null }) {
  const id = useId();
  const [reason, setReason] = useState<ProblemReason>('closed');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  // The stations within 1 km, asked for only when the driver picks "same station as another one".
  const [others, setOthers] = useState<StationSummary[]>([]);
  useEffect(() => {
    if (reason !== 'duplicate') return;
    const controller = new AbortController();
    fetchNearby({ lon: station.lon, lat: station.lat }, 6, 1, controller.signal)
      .then((body) => setOthers(body.stations))
      .catch(() => undefined);
    return () => controller.abort();
  }, [reason, station.lat, station.lon]);
  const candidates = others.filter((s) => s.id !== station.id);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const note = String(form.get('note') ?? '').trim() || undefined;
    setSending(true);
    const outcome = await reportProblem(station.id, {
      reason,
      note,
      position:
        reason === 'wrong-position' && position ? { lon: position.lon, lat: position.lat } : undefined,
      duplicateOf: reason === 'duplicate' ? String(form.get('duplicateOf') ?? '') || undefined : undefined,
    });
    setSending(false);
    setResult(problemOutcomeText(outcome));
  }

  return (
    <details className="problem-form" data-testid="problem-form">
      <summary>{t('report.problem.summary')}</summary>
      <form onSubmit={(e) => void submit(e)}>
        <fieldset>
          <legend>{t('report.problem.legend')}</legend>
          {PROBLEM_REASONS.map((r) => (
            <label key={r} className="problem-form__reason">
              <input
                type="radio"
                name="reason"
                value={r}
                checked={reason === r}
                disabled={r === 'wrong-position' && !position}
                onChange={() => setReason(r)}
              />{' '}
              {t(REASON_LABELS[r])}
            </label>
          ))}
        </fieldset>
        {reason === 'duplicate' && (
          <>
            <label htmlFor={`${id}-dup`}>{t('report.problem.sameAs')}</label>
            <select id={`${id}-dup`} name="duplicateOf" required>
              {candidates.map((s) => (
                <option key={s.id} value={s.id}>
                  {shownName(s)}
                </option>
              ))}
            </select>
          </>
        )}
        <label htmlFor={`${id}-note`}>{t('report.form.note')}</label>
        <textarea id={`${id}-note`} name="note" rows={2} maxLength={300} />
        <button
          type="submit"
          className="button"
          disabled={sending || (reason === 'duplicate' && !candidates.length)}
        >
          {sending ? t('report.form.sending') : t('report.problem.send')}
        </button>
      </form>
      <p
        className={result?.ok === false ? 'finder-message finder-message--warn' : 'finder-message'}
        role="status"
      >
        {result?.text}
      </p>
    </details>
  );
}
