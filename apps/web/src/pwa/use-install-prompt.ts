import { useSyncExternalStore } from 'react';
import {
  type InstallOption,
  promptInstall,
  readInstallOption,
  subscribeInstallOption,
} from './install-prompt-store';

/** The install option of this browser (re-renders when the browser offers or the app gets installed). */
export function useInstallPrompt(): { option: InstallOption; install: () => Promise<boolean> } {
  // The server (prerendering) knows no browser: 'none', so hydration matches and the button appears after.
  const option = useSyncExternalStore(subscribeInstallOption, readInstallOption, () => 'none' as const);
  return { option, install: promptInstall };
}
