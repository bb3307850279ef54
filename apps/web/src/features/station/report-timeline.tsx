import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { t } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/formatters';
import { fetchReports } from './station-api';
import { StatusIcon } from './status-icon';
import { reportButtonLabel, reportedQueue, timeAgo } from './status-labels';
import { useMinuteClock } from './use-minute-clock';
import './status.css';

/**
 * Recent reports of a station, newest first. Re-fetches when `version` changes (pass the station's
 * sequence from useStationEvents). Notes are plain text: React escapes them.
 */
export function ReportTimeline({
  stationId,
  version,
  limit = 10,
}: {
  stationId: string;
  version?: number;
  limit?: number;
}) {
  // A new `version` (a new report on the event stream) is a new query; the list shown stays until it answers.
  const query = useQuery({
    queryKey: ['reports', stationId, limit, version ?? 0],
    queryFn: ({ signal }) => fetchReports(stationId, limit, signal),
    placeholderData: keepPreviousData,
  });
  // Ages ("8 min ago") move on while the page stays open.
  const nowMs = useMinuteClock();

  if (query.isPending) return <p className="report-timeline__empty">{t('report.timeline.loading')}</p>;
  if (query.isError) return <p className="report-timeline__empty">{t('report.timeline.loadError')}</p>;
  const { reports } = query.data;
  if (!reports.length) return <p className="report-timeline__empty">{t('report.timeline.empty')}</p>;
  return (
    <ol className="report-timeline" aria-label={t('report.timeline.label')}>
      {reports.map((r) => (
        <li key={r.id} className={`report-timeline__item report-timeline__item--${r.status}`}>
          <StatusIcon status={r.status} size={16} />
          <span className="report-timeline__status">{reportButtonLabel(r.status)}</span>
          {r.official && <span className="status-badge__official">{t('report.badge.official')}</span>}
          {r.queueMin !== null && <span className="report-timeline__queue">{reportedQueue(r.queueMin)}</span>}
          <time
            className="report-timeline__time"
            dateTime={r.createdAt}
            title={formatDateTime(new Date(r.createdAt))}
          >
            {timeAgo(r.createdAt, nowMs)}
          </time>
          {r.note && <p className="report-timeline__note">{r.note}</p>}
        </li>
      ))}
    </ol>
  );
}
