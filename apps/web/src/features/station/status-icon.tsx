import type { StatusSummary } from '@cng/shared/client';
import { Icon } from '../../components/icon';
import { STATUS_ICON_PATHS } from './status-labels';

/** The shape of a status; decorative, the text beside it carries the meaning. */
export function StatusIcon({ status, size = 18 }: { status: StatusSummary['status']; size?: number }) {
  return <Icon path={STATUS_ICON_PATHS[status]} size={size} className="status-icon" strokeWidth={2.2} />;
}
