/** localStorage key of the offline report queue (its own module: the layout checks it without the queue code). */
export const REPORT_QUEUE_KEY = 'cng.report-queue.v1';
