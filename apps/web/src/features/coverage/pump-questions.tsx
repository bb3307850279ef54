import { type Candidate, type CandidateAnswer, distanceKm } from '@cng/shared/client';
import { useQuery } from '@tanstack/react-query';
import { memo, useState } from 'react';
import type { LonLat } from '../../components/map/lat-lng';
import { intlLocale, t } from '../../i18n/i18n';
import { formatDistance } from '../../lib/format';
import { newIdempotencyKey } from '../station/report-api';
import { type AnswerOutcome, answerCandidate, fetchCandidates } from './pumps-api';
import './pumps.css';

/** ~1 km of latitude: the list is asked for again only when the driver has moved about that far. */
const CELL_DEG = 0.01;
const cellOf = (v: number) => Math.round(v / CELL_DEG) * CELL_DEG;

const ANSWERS: {
  value: CandidateAnswer;
  label: 'finder.pumps.yes' | 'finder.pumps.no' | 'finder.pumps.unknown';
}[] = [
  { value: 'yes', label: 'finder.pumps.yes' },
  { value: 'no', label: 'finder.pumps.no' },
  { value: 'unknown', label: 'finder.pumps.unknown' },
];

function outcomeText(outcome: AnswerOutcome, name: string): string {
  if (outcome.kind === 'failed') return t('finder.pumps.failed');
  if (outcome.answered.state === 'confirmed') return t('finder.pumps.confirmed', { name });
  if (outcome.answered.state === 'retired') return t('finder.pumps.retired', { name });
  return t('finder.pumps.thanks');
}

/** One pump: its name, brand and distance, and the three answers; after an answer, what it came to. */
function PumpQuestion({ pump, from }: { pump: Candidate; from: LonLat }) {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<AnswerOutcome | null>(null);
  // One key per pump and page: a second tap after a lost answer is the same answer, counted once.
  const [key] = useState(newIdempotencyKey);
  const name = pump.name ?? t('finder.pumps.unnamed');
  const brand = pump.brand && pump.brand !== pump.name ? pump.brand : null;
  const send = async (answer: CandidateAnswer) => {
    setSending(true);
    const result = await answerCandidate(pump.id, answer, `${key}-${answer}`);
    setSending(false);
    setOutcome(result);
  };
  const done = outcome?.kind === 'stored';
  return (
    <li className="pump-question" data-testid="pump-question" data-candidate-id={pump.id}>
      <p className="pump-question__name">
        <span translate="no">{name}</span>
        {brand && (
          <span className="pump-question__brand" translate="no">
            {' '}
            · {brand}
          </span>
        )}{' '}
        <span className="pump-question__distance">
          {t('finder.pumps.distance', {
            distance: formatDistance(distanceKm(from.lon, from.lat, pump.lon, pump.lat), intlLocale()),
          })}
        </span>
      </p>
      {!done && (
        <fieldset className="pump-question__answers">
          <legend className="visually-hidden">{t('finder.pumps.askOne', { name })}</legend>
          {ANSWERS.map(({ value, label }) => (
            <button
              key={value}
              type="button"
              className="button pump-question__answer"
              disabled={sending}
              onClick={() => void send(value)}
            >
              {t(label)}
            </button>
          ))}
        </fieldset>
      )}
      <p className="pump-question__outcome" role="status">
        {outcome && outcomeText(outcome, name)}
      </p>
    </li>
  );
}

/**
 * "Does this pump sell CNG?" (ADR 0037): where our list is thin, the nearest fuel stations OpenStreetMap knows
 * that no source says sell CNG, for the driver to answer about. A pump is never shown as a CNG station here:
 * no arrow, no distance in the panel, only the question. Renders nothing when there is none to ask about.
 */
export const PumpQuestions = memo(
  function PumpQuestions({ at }: { at: LonLat }) {
    const cell = { lon: cellOf(at.lon), lat: cellOf(at.lat) };
    const query = useQuery({
      queryKey: ['candidates', cell.lon, cell.lat],
      queryFn: ({ signal }) => fetchCandidates(at, signal),
      staleTime: 10 * 60_000,
      retry: false,
    });
    const pumps = query.data ?? [];
    if (pumps.length === 0) return null;
    return (
      <section className="pump-questions" aria-labelledby="pump-questions-title" data-testid="pump-questions">
        <h2 id="pump-questions-title" className="pump-questions__title">
          {t('finder.pumps.title')}
        </h2>
        <p className="pump-questions__intro">{t('finder.pumps.intro')}</p>
        <ul className="pump-questions__list">
          {pumps.map((p) => (
            <PumpQuestion key={p.id} pump={p} from={at} />
          ))}
        </ul>
        {/* The licensor's own wording, as the data gives it. */}
        <p className="pump-questions__credit" translate="no">
          {pumps[0]!.attribution}
        </p>
      </section>
    );
  },
  (a, b) => cellOf(a.at.lon) === cellOf(b.at.lon) && cellOf(a.at.lat) === cellOf(b.at.lat),
);

export default PumpQuestions;
