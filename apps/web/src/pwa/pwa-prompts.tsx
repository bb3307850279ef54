import { useEffect, useState, useSyncExternalStore } from 'react';
import { t } from '../i18n/i18n';
import './install-prompt-store';
import { applySwUpdate, readSwUpdate, SERVER_SW_STATE, subscribeSwUpdate } from './sw-update-store';
import { whenIdle } from './when-idle';
import './pwa.css';

let registered = false;

/**
 * Mounted once in the layout (inside its `.pwa-prompts` corner): registers the service worker after the first paint, shows "New version
 * available — Reload".
 */
export function PwaPrompts() {
  const sw = useSyncExternalStore(subscribeSwUpdate, readSwUpdate, () => SERVER_SW_STATE);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (registered || !('serviceWorker' in navigator)) return;
    registered = true;
    // Off the critical path: the worker's code is not part of "/"'s first JavaScript.
    whenIdle(() => void import('./register-service-worker').then((m) => m.registerServiceWorker()));
  }, []);

  return (
    sw.needRefresh &&
    !dismissed && (
      <div className="pwa-prompt" role="alert" data-testid="update-prompt">
        <p>{t('common.pwa.updateAvailable')}</p>
        <button type="button" className="button button--primary" onClick={() => void applySwUpdate()}>
          {t('common.pwa.reload')}
        </button>
        <button type="button" className="button" onClick={() => setDismissed(true)}>
          {t('common.pwa.later')}
        </button>
      </div>
    )
  );
}
