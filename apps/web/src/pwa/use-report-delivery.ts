import { useSyncExternalStore } from 'react';
import { reportDelivery, subscribeReportQueue } from './report-queue';

/** What became of the queued report `key` ("sent" or "not sent: why"); null while it waits or for no key. */
export function useReportDelivery(key: string | null): string | null {
  return useSyncExternalStore(
    subscribeReportQueue,
    () => reportDelivery(key),
    () => null,
  );
}
