import type { StatusSummary } from '@cng/shared/client';
import { t } from '../../i18n/i18n';
import { StatusIcon } from './status-icon';
import { confidenceLabel, queueEstimate, statusExplanation, statusLabel } from './status-labels';
import { useMinuteClock } from './use-minute-clock';
import './status.css';
import './station.css';

/**
 * A station's live status: icon + words + colour (never colour alone), the queue estimate, an
 * "Official" marker, and why it is shown (visible in full size, as the tooltip when compact). The age in
 * the reason ("latest 8 min ago") is counted here, every minute, not frozen at the server's answer.
 */
export function StatusBadge({ status, compact = false }: { status: StatusSummary; compact?: boolean }) {
  const nowMs = useMinuteClock();
  const why = statusExplanation(status, nowMs);
  const confidence = status.official ? '' : confidenceLabel(status.confidence);
  const queue = status.queueMin !== null ? queueEstimate(status.queueMin) : '';
  return (
    <span
      className={`status-badge status-badge--${status.status}${compact ? ' status-badge--compact' : ''}`}
      data-status={status.status}
      data-confidence={status.confidence}
      title={why}
    >
      <span className="status-badge__main">
        <StatusIcon status={status.status} size={compact ? 14 : 18} />
        <span className="status-badge__label">{statusLabel(status.status)}</span>
        {status.official && <span className="status-badge__official">{t('report.badge.official')}</span>}
        {confidence && <span className="status-badge__confidence">({confidence})</span>}
        {queue && <span className="status-badge__queue">· {queue}</span>}
      </span>
      {!compact && status.status !== 'unknown' && <span className="status-badge__why">{why}</span>}
    </span>
  );
}
