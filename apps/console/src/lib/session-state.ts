import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * React state kept in this browser tab's sessionStorage under `key`: it survives switching screens
 * and reloading, and ends with the tab. `null` as the stored value means "not kept": the key is
 * removed, so a secret can be dropped from storage while still held in memory.
 */
export function useSessionState<T>(
  key: string,
  initial: T | (() => T),
  { keep = true }: { keep?: boolean | ((value: T) => boolean) } = {},
): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => {
    const stored = readSession<T>(key);
    if (stored !== undefined) {
      return stored;
    }
    return typeof initial === 'function' ? (initial as () => T)() : initial;
  });
  // Nothing is written until the value changes: a default is not a choice, and a later mount
  // with another default (athena found unconfigured, say) should still get its own.
  const touched = useRef(false);
  const [firstValue] = useState(value);
  useEffect(() => {
    try {
      if (!(typeof keep === 'function' ? keep(value) : keep)) {
        sessionStorage.removeItem(key);
        return;
      }
      touched.current ||= !Object.is(value, firstValue);
      if (touched.current) {
        sessionStorage.setItem(key, JSON.stringify(value));
      }
    } catch {
      // Storage full or disabled: the state still works for this page.
    }
  }, [key, value, keep, firstValue]);
  return [value, setValue];
}

function readSession<T>(key: string): T | undefined {
  try {
    const text = sessionStorage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}
