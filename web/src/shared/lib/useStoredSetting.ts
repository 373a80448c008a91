/**
 * A small per-browser preference kept in localStorage, read and written
 * through `useStoredSetting`. Every component using the same key sees a
 * change at once, and other tabs of the same browser follow through the
 * `storage` event. When localStorage is unavailable (disabled, private mode,
 * full), the value lives in memory for the page load instead.
 *
 * Use it only for view preferences that need no server: they do not follow
 * the user to another browser or device.
 */
import { useCallback, useSyncExternalStore } from 'react';

export interface StoredSetting<T> {
  /** localStorage key, e.g. "studio.crm.attentionDays". */
  key: string;
  /** The stored text as a value, or null when it is missing or invalid. */
  parse(stored: string | null): T | null;
  /** The value as stored text. */
  serialize(value: T): string;
  /** Used while nothing valid is stored. */
  fallback: T;
}

const listeners = new Map<string, Set<() => void>>();
/** Values that could not be written to localStorage, by key (null: cleared). */
const memory = new Map<string, string | null>();

function readRaw(key: string): string | null {
  if (memory.has(key)) return memory.get(key) ?? null;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeRaw(key: string, raw: string | null): void {
  try {
    if (raw == null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, raw);
    memory.delete(key);
  } catch {
    memory.set(key, raw);
  }
  listeners.get(key)?.forEach((notify) => notify());
}

function subscribe(key: string, notify: () => void): () => void {
  const forKey = listeners.get(key) ?? new Set();
  listeners.set(key, forKey);
  forKey.add(notify);
  const onStorage = (e: StorageEvent) => {
    if (e.key === key || e.key === null) notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    forKey.delete(notify);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The setting's current value and a setter; `set(null)` forgets the stored
 * value so the fallback applies again.
 */
export function useStoredSetting<T>(setting: StoredSetting<T>): [T, (value: T | null) => void] {
  const { key, parse, serialize, fallback } = setting;
  // The raw string is the snapshot: stable between reads, so React never loops.
  const raw = useSyncExternalStore(
    useCallback((notify: () => void) => subscribe(key, notify), [key]),
    () => readRaw(key),
    () => null,
  );
  const value = parse(raw) ?? fallback;
  const set = useCallback((next: T | null) => writeRaw(key, next == null ? null : serialize(next)), [key, serialize]);
  return [value, set];
}
