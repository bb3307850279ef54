import { type PersistStorage, persist } from 'zustand/middleware';
import { createStore, type Mutate, type StateCreator, type StoreApi } from 'zustand/vanilla';
import { type StorageKind, storageOf } from './storage';

export interface PersistedStoreOptions<T> {
  /** The storage key. */
  name: string;
  storage: StorageKind;
  /** The stored state's format; a stored state of another version is passed to `parse` as it is. */
  version: number;
  /**
   * The state from what storage holds (any JSON: an older format, or something damaged), never throwing;
   * what it cannot read it leaves at the defaults.
   */
  parse(stored: unknown): T;
}

/**
 * Zustand's persist middleware over the app's one storage (lib/storage.ts), reading what is stored through
 * `parse`: a damaged or older entry never breaks the page. Stored as `{ state, version }`, as Zustand does;
 * an entry in the older plain format (the state itself) is read as that state. Nothing stored (cleared here
 * or in another tab) reads as `parse(null)`, the defaults.
 */
function storageFor<T>(options: PersistedStoreOptions<T>): PersistStorage<T> {
  const storage = storageOf(options.storage);
  return {
    getItem(name) {
      const raw = storage.getItem(name);
      let stored: unknown = null;
      try {
        stored = raw === null ? null : JSON.parse(raw);
      } catch {
        // Damaged: read as nothing stored.
      }
      const wrapped = stored as { state?: unknown; version?: unknown } | null;
      const isWrapped =
        !!wrapped && typeof wrapped === 'object' && 'state' in wrapped && 'version' in wrapped;
      return { state: options.parse(isWrapped ? wrapped.state : stored), version: options.version };
    },
    setItem: (name, value) => storage.setItem(name, JSON.stringify(value)),
    removeItem: (name) => storage.removeItem(name),
  };
}

/**
 * A store of client state kept in storage (favourites, filters, voice, reports waiting to be sent), usable in
 * and outside React (`useStore(store, selector)` from zustand in components). A store on the device's storage
 * follows changes made in another tab of the site.
 */
export function persistedStore<T extends object>(
  options: PersistedStoreOptions<T>,
  initializer: StateCreator<T, [['zustand/persist', unknown]], []>,
): Mutate<StoreApi<T>, [['zustand/persist', T]]> {
  const store = createStore<T>()(
    persist(initializer, {
      name: options.name,
      version: options.version,
      storage: storageFor(options),
    }),
  );
  if (options.storage === 'local' && typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === options.name) void store.persist.rehydrate();
    });
  }
  return store;
}
