/** Chrome's install event (not in the DOM typings): prompt() shows the browser's own install dialog. */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/** How this browser can install the app. */
export type InstallOption =
  /** The browser gave us its install prompt: one tap on our button opens it. */
  | 'prompt'
  /** iPhone/iPad Safari has no prompt: the driver uses Share → Add to Home Screen. */
  | 'ios-hint'
  /** Already running as the installed app. */
  | 'installed'
  /** No way we know of (desktop Firefox, or the browser has not offered yet). */
  | 'none';

type Listener = () => void;
const listeners = new Set<Listener>();
let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;

const emit = () => {
  for (const l of listeners) l();
};

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  // iPadOS reports a Mac user agent; touch points tell it apart.
  const ios = /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}

// Listen from the first module evaluation: the event may fire before any page shows a button.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away; our "Install app" button shows the prompt instead.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    emit();
  });
}

/** The current install option in this browser. */
export function readInstallOption(): InstallOption {
  if (installed || isStandalone()) return 'installed';
  if (deferred) return 'prompt';
  return isIosSafari() ? 'ios-hint' : 'none';
}

/** Subscribes to changes; returns the unsubscribe function. */
export function subscribeInstallOption(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the browser's install dialog; resolves true when the driver accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  // A prompt event can be used once only.
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') installed = true;
  emit();
  return outcome === 'accepted';
}
