import type { ReportList } from '@cng/shared/client';
import { useEffect, useState } from 'react';
import { t } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/formatters';
import { fetchReports } from '../api/finder-api';
import { StatusIcon } from './status-icon';
import { reportButtonLabel, reportedQueue, timeAgo } from './status-labels';
import { useMinuteClock } from './use-minute-clock';
import './status.css';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; list: ReportList };

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
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // Ages ("8 min ago") move on while the page stays open.
  const nowMs = useMinuteClock();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the signal to fetch again.
  useEffect(() => {
    const controller = new AbortController();
    fetchReports(stationId, limit, controller.signal)
      .then((list) => setLoad({ state: 'ready', list }))
      .catch((err: Error) => {
        if (err.name !== 'AbortError') setLoad({ state: 'error' });
      });
    return () => controller.abort();
  }, [stationId, limit, version]);

  if (load.state === 'loading')
    return <p className="report-timeline__empty">{t('report.timeline.loading')}</p>;
  if (load.state === 'error')
    return <p className="report-timeline__empty">{t('report.timeline.loadError')}</p>;
  const { reports } = load.list;
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
