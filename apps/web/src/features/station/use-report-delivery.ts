import { useStore } from 'zustand';
import { reportDelivery, reportQueueStore } from './report-queue';

/** What became of the queued report `key` ("sent" or "not sent: why"); null while it waits or for no key. */
export function useReportDelivery(key: string | null): string | null {
  // Deliveries are noted just before the queue changes: a change of the queue is when to read them again.
  useStore(reportQueueStore, (s) => s.queue);
  return reportDelivery(key);
}
