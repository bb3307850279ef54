import { PROPOSAL_LIMITS } from '@cng/shared';
import { type FormEvent, useId, useState } from 'react';
import type { LonLat } from '../../../components/map/lat-lng';
import { outcomeText, proposeStation } from '../api/proposals-api';

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
    setResult(outcomeText(outcome));
    if (outcome.kind === 'stored') formEl.reset();
  }

  return (
    <details className="add-station" data-testid="add-station">
      <summary>Missing a CNG station? Add it</summary>
      {position ? (
        <form className="add-station__form" onSubmit={(e) => void submit(e)}>
          <p className="finder-message">
            At {positionLabel} ({position.lat.toFixed(5)}, {position.lon.toFixed(5)}). Stand at the pump, or
            long-press the map where it is.
          </p>
          <label htmlFor={`${id}-name`}>Station name</label>
          <input
            id={`${id}-name`}
            name="name"
            required
            maxLength={PROPOSAL_LIMITS.nameMax}
            autoComplete="off"
          />
          <label htmlFor={`${id}-operator`}>Gas company or brand (optional)</label>
          <input
            id={`${id}-operator`}
            name="operator"
            maxLength={PROPOSAL_LIMITS.operatorMax}
            autoComplete="off"
          />
          <label htmlFor={`${id}-hours`}>Opening hours (optional)</label>
          <input
            id={`${id}-hours`}
            name="openingHours"
            maxLength={PROPOSAL_LIMITS.openingHoursMax}
            placeholder="24/7"
          />
          <label htmlFor={`${id}-note`}>Note (optional)</label>
          <textarea id={`${id}-note`} name="note" maxLength={PROPOSAL_LIMITS.noteMax} rows={2} />
          <button type="submit" className="button" disabled={sending}>
            {sending ? 'Sending…' : 'Add this station'}
          </button>
        </form>
      ) : (
        <p className="finder-message">Share your location, or long-press the map where the station is.</p>
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
