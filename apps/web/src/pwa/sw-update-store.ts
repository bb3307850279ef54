/** What the service worker registration reported, for the update prompt. */
export interface SwUpdateState {
  /** A new version is installed and waiting for the driver's "Reload". */
  needRefresh: boolean;
  /** The app shell and pages are cached: the site now opens without a network. */
  offlineReady: boolean;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: SwUpdateState = { needRefresh: false, offlineReady: false };
let applyUpdate: (() => Promise<void>) | null = null;

export const SERVER_SW_STATE: SwUpdateState = { needRefresh: false, offlineReady: false };

/** The current state (stable object between changes, as useSyncExternalStore needs). */
export function readSwUpdate(): SwUpdateState {
  return state;
}

/** Merges a change and notifies the prompt. */
export function setSwUpdate(change: Partial<SwUpdateState>) {
  state = { ...state, ...change };
  for (const l of listeners) l();
}

/** Subscribes to changes; returns the unsubscribe function. */
export function subscribeSwUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Set by the registration: activates the waiting worker, then reloads the page (all tabs move together). */
export function setApplyUpdate(fn: () => Promise<void>) {
  applyUpdate = fn;
}

/** The driver chose "Reload": switch to the new version now. */
export async function applySwUpdate() {
  if (applyUpdate) await applyUpdate();
  else window.location.reload();
}
