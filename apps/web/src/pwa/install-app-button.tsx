import { t } from '../i18n/i18n';
import { useInstallPrompt } from './use-install-prompt';

/**
 * "Install app" where the browser offers installing (Chrome, Edge, Samsung Internet), the Add to Home Screen
 * hint on iPhone and iPad Safari, and nothing where neither exists or the app is already installed.
 */
export function InstallAppButton({ className = 'button', hintClassName = 'install-hint' }) {
  const { option, install } = useInstallPrompt();
  if (option === 'prompt') {
    return (
      <button type="button" className={className} onClick={() => void install()} data-testid="install-app">
        {t('common.pwa.install')}
      </button>
    );
  }
  if (option === 'ios-hint') {
    return (
      <span className={hintClassName} data-testid="install-hint">
        {t('common.pwa.iosHint')}
      </span>
    );
  }
  return null;
}
