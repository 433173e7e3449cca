import { useSyncExternalStore } from 'react';

/**
 * Full keys this page has seen (at creation or rotation), by key id, so the list can copy the real
 * key rather than its masked form. Memory only: a reload forgets them, as the gateway never shows
 * a key again.
 */
const held = new Map<string, string>();
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((listener) => listener());

export function holdKey(id: string, key: string): void {
  held.set(id, key);
  notify();
}

export function forgetKey(id: string): void {
  if (held.delete(id)) {
    notify();
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The full key for this id while this page holds it; undefined otherwise. */
export function useHeldKey(id: string): string | undefined {
  return useSyncExternalStore(subscribe, () => held.get(id));
}
