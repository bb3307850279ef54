/**
 * The one place the web app touches Web Storage. Storage can throw on every call (private modes, disabled
 * cookies, a full quota) or not exist at all (the prerender): here a failure is handled once, and the page
 * keeps working with what it holds in memory for its own life. Nothing else reads localStorage or
 * sessionStorage directly.
 */

export type StorageKind = 'local' | 'session';

/** A Storage that never throws. */
export interface SafeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** What the page holds when the browser's storage refuses it: kept for this page's life. */
const memory: Record<StorageKind, Map<string, string>> = { local: new Map(), session: new Map() };

function browserStorage(kind: StorageKind): Storage | null {
  try {
    return (kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage) ?? null;
  } catch {
    return null;
  }
}

function safeStorageOf(kind: StorageKind): SafeStorage {
  const fallback = memory[kind];
  return {
    getItem(key) {
      if (fallback.has(key)) return fallback.get(key) ?? null;
      try {
        return browserStorage(kind)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        const storage = browserStorage(kind);
        if (!storage) throw new Error('no storage');
        storage.setItem(key, value);
        fallback.delete(key);
      } catch {
        // Disabled or full: this page keeps the value; the next visit starts without it.
        fallback.set(key, value);
      }
    },
    removeItem(key) {
      fallback.delete(key);
      try {
        browserStorage(kind)?.removeItem(key);
      } catch {
        // Nothing stored to remove.
      }
    },
  };
}

export const deviceStorage: SafeStorage = safeStorageOf('local');
export const tabStorage: SafeStorage = safeStorageOf('session');

/** The storage of `kind`: the device's (localStorage) or this tab's (sessionStorage). */
export const storageOf = (kind: StorageKind): SafeStorage => (kind === 'local' ? deviceStorage : tabStorage);

/** The JSON stored under `key`, or null when none or unreadable. */
export function readJson(kind: StorageKind, key: string): unknown {
  const raw = storageOf(kind).getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Stores `value` as JSON under `key`. */
export function writeJson(kind: StorageKind, key: string, value: unknown): void {
  storageOf(kind).setItem(key, JSON.stringify(value));
}
