import type { StatusSummary } from '@cng/shared';
import { STATUS_ICON_PATHS } from './status-labels';

/** The shape of a status; decorative, the text beside it carries the meaning. */
export function StatusIcon({ status, size = 18 }: { status: StatusSummary['status']; size?: number }) {
  return (
    <svg
      className="status-icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={STATUS_ICON_PATHS[status]} />
    </svg>
  );
}
