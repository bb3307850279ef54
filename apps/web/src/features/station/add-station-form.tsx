import { PROPOSAL_LIMITS } from '@cng/shared/client';
import { type FormEvent, useId, useState } from 'react';
import type { LonLat } from '../../components/map/lat-lng';
import { currentLocale, t } from '../../i18n/i18n';
import { prefersReducedMotion } from '../../lib/scroll-to-top';
import { type ProposalOutcome, proposeStation, refusalText } from './proposals-api';

/**
 * The words a driver reads after proposing a station. The server answers in English: English pages show its own
 * words, other languages the same meaning from the catalog (refusalText).
 */
export function additionOutcomeText(outcome: ProposalOutcome): { ok: boolean; text: string } {
  const english = currentLocale() === 'en';
  if (outcome.kind === 'stored') {
    if (english && outcome.created.message) return { ok: true, text: outcome.created.message };
    return {
      ok: true,
      text: t(outcome.created.state === 'approved' ? 'report.proposal.added' : 'report.proposal.addPending'),
    };
  }
  if (outcome.kind === 'network-error') return { ok: false, text: t('report.proposal.noConnection') };
  return {
    ok: false,
    text: refusalText(outcome, english),
  };
}

/** The add-station form's element id: the coverage notice and the far-away panel open it. */
export const ADD_STATION_ID = 'add-station';

/** Opens the add-station form, brings it into view and puts the cursor in its first field. */
export function openAddStation(): void {
  const form = document.getElementById(ADD_STATION_ID);
  if (!(form instanceof HTMLDetailsElement)) return;
  form.open = true;
  form.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  (form.querySelector<HTMLElement>('input') ?? form.querySelector<HTMLElement>('summary'))?.focus({
    preventScroll: true,
  });
}

/**
 * "Missing a station? Add it": name, operator and hours of a CNG station at the driver's position (GPS, or the
 * point chosen on the map). It shows once other drivers agree or a moderator checks it (ADR 0014).
 */
export function AddStationForm({
  position,
  positionLabel,
}: {
  position: LonLat | null;
  positionLabel: string;
}) {
  const id = useId();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!position) return;
    const formEl = event.currentTarget;
    const form = new FormData(formEl);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    setSending(true);
    const outcome = await proposeStation({
      position: { lon: position.lon, lat: position.lat },
      name: text('name') ?? '',
      operator: text('operator'),
      openingHours: text('openingHours'),
      note: text('note'),
    });
    setSending(false);
    setResult(additionOutcomeText(outcome));
    if (outcome.kind === 'stored') formEl.reset();
  }

  return (
    <details className="add-station" id={ADD_STATION_ID} data-testid="add-station">
      <summary>{t('report.addStation.summary')}</summary>
      {position ? (
        <form className="add-station__form" onSubmit={(e) => void submit(e)}>
          <p className="finder-message">
            {t('report.addStation.at', {
              place: positionLabel,
              lat: position.lat.toFixed(5),
              lon: position.lon.toFixed(5),
            })}
          </p>
          <label htmlFor={`${id}-name`}>{t('report.addStation.name')}</label>
          <input
            id={`${id}-name`}
            name="name"
            required
            maxLength={PROPOSAL_LIMITS.nameMax}
            autoComplete="off"
          />
          <label htmlFor={`${id}-operator`}>{t('report.addStation.operator')}</label>
          <input
            id={`${id}-operator`}
            name="operator"
            maxLength={PROPOSAL_LIMITS.operatorMax}
            autoComplete="off"
          />
          <label htmlFor={`${id}-hours`}>{t('report.addStation.hours')}</label>
          <input
            id={`${id}-hours`}
            name="openingHours"
            maxLength={PROPOSAL_LIMITS.openingHoursMax}
            placeholder="24/7"
          />
          <label htmlFor={`${id}-note`}>{t('report.form.note')}</label>
          <textarea id={`${id}-note`} name="note" maxLength={PROPOSAL_LIMITS.noteMax} rows={2} />
          <button type="submit" className="button" disabled={sending}>
            {sending ? t('report.form.sending') : t('report.addStation.submit')}
          </button>
        </form>
      ) : (
        <p className="finder-message">{t('report.addStation.noPosition')}</p>
      )}
      <p
        className={result?.ok === false ? 'finder-message finder-message--warn' : 'finder-message'}
        role="status"
      >
        {result?.text}
      </p>
    </details>
  );
}
