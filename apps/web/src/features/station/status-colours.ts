import type { StatusSummary } from '@cng/shared/client';

/** Marker colour per live status; the same hues as the live-status badge, strong enough on map tiles. */
export const STATUS_COLOURS: Record<StatusSummary['status'], string> = {
  available: '#0a6a36',
  no_gas: '#c4161c',
  low_pressure: '#b76e00',
  closed: '#111111',
  unknown: '#7a8590',
};
