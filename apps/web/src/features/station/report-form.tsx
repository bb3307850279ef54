import {
  distanceKm,
  REPORT_LIMITS,
  REPORT_STATUSES,
  type ReportCreated,
  type ReportPosition,
  type ReportStatus,
} from '@cng/shared/client';
import { useId, useState } from 'react';
import { currentLocale, intlLocale, t } from '../../i18n/i18n';
import { currentReportPosition } from './report-api';
import { type SubmitOrQueueResult, submitReportOrQueue } from './report-queue';
import { StatusIcon } from './status-icon';
import { reportButtonLabel, statusExplanationAsSent, statusLabel } from './status-labels';
import { useReportDelivery } from './use-report-delivery';
import './status.css';
import { formatDistance } from '../../lib/format';
import { formatClock, formatCount } from '../../lib/formatters';

export interface ReportFormProps {
  stationId: string;
  stationName?: string;
  /** A fix the page already has; when undefined, the form asks the browser (and sends none if denied). */
  position?: ReportPosition | null;
  /**
   * The station's position: with a known `position`, the buttons are disabled (and say why) when the driver
   * is farther than the server's report radius (REPORT_LIMITS.maxDistanceM), which would refuse the report.
   */
  stationAt?: { lon: number; lat: number };
  /** Heading text; "How is it here?" by default. */
  title?: string;
  onReported?: (created: ReportCreated) => void;
}

const clockTime = (iso: string) => formatClock(new Date(iso));

/** The server's own words in English; the page's words otherwise (the server answers in English only). */
const serverWords = (message: string, translated: string): string =>
  currentLocale() === 'en' && message ? message : translated;

/** What to tell the driver for each outcome: a toast and the same words in the live region. */
export function describeOutcome(
  result: SubmitOrQueueResult,
  status: ReportStatus,
): { ok: boolean; text: string } {
  const max = formatCount(REPORT_LIMITS.maxDistanceM);
  switch (result.kind) {
    case 'created':
      return {
        ok: true,
        text: t('report.outcome.created', {
          reported: reportButtonLabel(status),
          shown: statusLabel(result.created.status.status),
          why: statusExplanationAsSent(result.created.status),
        }),
      };
    case 'too-far':
      return {
        ok: false,
        text: t('report.outcome.tooFar', {
          distance: formatDistance(result.distanceM / 1000, intlLocale()),
          max,
        }),
      };
    case 'rate-limited':
      return {
        ok: false,
        text: result.retryAt
          ? t('report.outcome.rateLimitedAt', { time: clockTime(result.retryAt) })
          : serverWords(result.message, t('report.outcome.rateLimited')),
      };
    case 'not-found':
      return { ok: false, text: t('report.outcome.notFound') };
    case 'queued':
      return { ok: true, text: t('report.outcome.queued') };
    case 'network-error':
      return { ok: false, text: t('report.outcome.networkError') };
    case 'invalid':
      return { ok: false, text: serverWords(result.message, t('report.outcome.invalid')) };
    default:
      return { ok: false, text: t('report.outcome.serverError') };
  }
}

/** One tap per status, with an optional queue time and note; says clearly what happened. */
export function ReportForm({
  stationId,
  stationName,
  position,
  stationAt,
  title,
  onReported,
}: ReportFormProps) {
  const id = useId();
  const awayM =
    position && stationAt
      ? distanceKm(position.lon, position.lat, stationAt.lon, stationAt.lat) * 1000
      : null;
  const tooFar = awayM !== null && awayM > REPORT_LIMITS.maxDistanceM;
  const [queue, setQueue] = useState('');
  const [note, setNote] = useState('');
  const [sending, setSending] = useState<ReportStatus | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  // A report queued offline: its delivery (or refusal) replaces the "saved on this device" message.
  const [queuedKey, setQueuedKey] = useState<string | null>(null);
  const delivery = useReportDelivery(queuedKey);

  const send = async (status: ReportStatus) => {
    // The buttons are disabled then; a click that still arrives (a script, a stale render) sends nothing either.
    if (tooFar || sending !== null) return;
    setSending(status);
    setOutcome(null);
    const where = position !== undefined ? position : await currentReportPosition();
    const queueMin = queue.trim() === '' ? undefined : Number(queue);
    // Offline, the report waits on this device and is sent when the connection is back (src/pwa).
    const result = await submitReportOrQueue(
      stationId,
      {
        status,
        ...(queueMin !== undefined && Number.isInteger(queueMin) ? { queueMin } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(where ? { position: where } : {}),
      },
      stationName ?? null,
    );
    const described = describeOutcome(result, status);
    setOutcome(described);
    setQueuedKey(result.kind === 'queued' ? result.queued.key : null);
    setSending(null);
    if (result.kind === 'created') {
      setQueue('');
      setNote('');
      onReported?.(result.created);
    }
    // react-toastify loads with the first toast: it is not part of opening /App.
    const { toast } = await import('react-toastify');
    const show =
      result.kind === 'created'
        ? toast.success
        : result.kind === 'rate-limited'
          ? toast.warning
          : result.kind === 'queued'
            ? toast.info
            : toast.error;
    show(described.text);
  };

  return (
    <section className="report-form" aria-labelledby={`${id}-title`} aria-busy={sending !== null}>
      <h3 id={`${id}-title`} className="report-form__title">
        {title ?? t('report.form.title')}
        {stationName && <span className="report-form__station"> {stationName}</span>}
      </h3>
      <div className="report-form__extras">
        <label htmlFor={`${id}-queue`}>
          {t('report.form.queue')}
          <input
            id={`${id}-queue`}
            type="number"
            inputMode="numeric"
            min={0}
            max={REPORT_LIMITS.queueMaxMin}
            step={1}
            value={queue}
            onChange={(e) => setQueue(e.target.value)}
          />
        </label>
        <label htmlFor={`${id}-note`}>
          {t('report.form.note')}
          <input
            id={`${id}-note`}
            type="text"
            maxLength={REPORT_LIMITS.noteMaxChars}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-describedby={`${id}-note-count`}
          />
          <span id={`${id}-note-count`} className="report-form__count">
            {formatCount(note.length)}/{formatCount(REPORT_LIMITS.noteMaxChars)}
          </span>
        </label>
      </div>
      {tooFar && (
        <p className="report-form__too-far" id={`${id}-too-far`} data-testid="report-too-far">
          {t('report.form.tooFar', {
            max: formatCount(REPORT_LIMITS.maxDistanceM),
            distance: formatDistance((awayM ?? 0) / 1000, intlLocale()),
          })}
        </p>
      )}
      <div className="report-form__buttons">
        {REPORT_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            className={`report-form__button report-form__button--${status}`}
            disabled={sending !== null || tooFar}
            aria-describedby={tooFar ? `${id}-too-far` : undefined}
            onClick={() => void send(status)}
          >
            <StatusIcon status={status} size={22} />
            <span>{sending === status ? t('report.form.sending') : reportButtonLabel(status)}</span>
          </button>
        ))}
      </div>
      <p
        className={`report-form__outcome${outcome && !outcome.ok ? ' report-form__outcome--error' : ''}`}
        role="status"
      >
        {delivery ?? outcome?.text}
      </p>
    </section>
  );
}
