/** The device's key-value storage (localStorage), with an in-memory stand-in where there is none. */

/** The subset of the Web Storage API the stores use. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

/** An in-memory storage (tests, private modes that throw on access). */
export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

function pick(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage {
  try {
    const s = typeof window !== 'undefined' ? window[kind] : undefined;
    if (s) {
      s.getItem('probe');
      return s;
    }
  } catch {
    // storage disabled: fall through to memory
  }
  return memoryStorage();
}

let local: KeyValueStorage | undefined;
let session: KeyValueStorage | undefined;

/** Storage that survives restarts (cached user, options, tutorial flags). */
export function deviceStorage(): KeyValueStorage {
  return (local ??= pick('localStorage'));
}

/** Storage for this tab only (the intended URL). */
export function tabStorage(): KeyValueStorage {
  return (session ??= pick('sessionStorage'));
}

/** Reads JSON from a storage key, or the fallback when absent or unreadable. */
export function readJson<T>(storage: KeyValueStorage, key: string, fallback: T): T {
  try {
    const raw = storage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

/** Writes JSON to a storage key, ignoring quota errors (the device simply forgets). */
export function writeJson(storage: KeyValueStorage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // quota or privacy mode: losing a preference is harmless
  }
}
