import { useEffect, useState } from 'react';
import { t } from '../../i18n/i18n';
import { deviceStorage } from '../../lib/storage';
import { REPORT_QUEUE_KEY } from './report-queue-key';

/**
 * Mounted once in the site's frame: sends the reports queued offline (report-queue.ts) when the connection is
 * back, on any page, and says what became of them. The queue's code loads only when there is something to send.
 */
export function ReportDelivery() {
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    const flush = () => {
      if (!navigator.onLine || deviceStorage.getItem(REPORT_QUEUE_KEY) === null) return;
      void Promise.all([import('./report-queue'), import('./describe-flush')]).then(async ([queue, text]) => {
        const said = text.describeFlush(await queue.flushReportQueue());
        if (said) setNotice(said);
      });
    };
    const idle = window.setTimeout(flush, 0);
    window.addEventListener('online', flush);
    return () => {
      window.clearTimeout(idle);
      window.removeEventListener('online', flush);
    };
  }, []);
  return (
    <div className="pwa-prompt" role="status" data-testid="report-queue-notice" hidden={!notice}>
      <p>{notice}</p>
      <button type="button" className="button" onClick={() => setNotice(null)}>
        {t('common.pwa.ok')}
      </button>
    </div>
  );
}
