import { useEffect, useState, useSyncExternalStore } from 'react';
import { t } from '../i18n/i18n';
import './install-prompt-store';
import { REPORT_QUEUE_KEY } from './report-queue-key';
import { applySwUpdate, readSwUpdate, SERVER_SW_STATE, subscribeSwUpdate } from './sw-update-store';
import { whenIdle } from './when-idle';
import './pwa.css';

let registered = false;

function hasQueuedReports(): boolean {
  try {
    return localStorage.getItem(REPORT_QUEUE_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Mounted once in the layout: registers the service worker after the first paint, shows "New version
 * available — Reload", and sends the reports queued offline when the connection is back (and says so).
 */
export function PwaPrompts() {
  const sw = useSyncExternalStore(subscribeSwUpdate, readSwUpdate, () => SERVER_SW_STATE);
  const [dismissed, setDismissed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (registered || !('serviceWorker' in navigator)) return;
    registered = true;
    // Off the critical path: the worker's code is not part of "/"'s first JavaScript.
    whenIdle(() => void import('./register-service-worker').then((m) => m.registerServiceWorker()));
  }, []);

  useEffect(() => {
    const flush = () => {
      if (!navigator.onLine || !hasQueuedReports()) return;
      void Promise.all([import('./report-queue'), import('./describe-flush')]).then(async ([queue, text]) => {
        const said = text.describeFlush(await queue.flushReportQueue());
        if (said) setNotice(said);
      });
    };
    whenIdle(flush);
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, []);

  return (
    <div className="pwa-prompts">
      {sw.needRefresh && !dismissed && (
        <div className="pwa-prompt" role="alert" data-testid="update-prompt">
          <p>{t('common.pwa.updateAvailable')}</p>
          <button type="button" className="button button--primary" onClick={() => void applySwUpdate()}>
            {t('common.pwa.reload')}
          </button>
          <button type="button" className="button" onClick={() => setDismissed(true)}>
            {t('common.pwa.later')}
          </button>
        </div>
      )}
      <div className="pwa-prompt" role="status" data-testid="report-queue-notice" hidden={!notice}>
        <p>{notice}</p>
        <button type="button" className="button" onClick={() => setNotice(null)}>
          {t('common.pwa.ok')}
        </button>
      </div>
    </div>
  );
}
