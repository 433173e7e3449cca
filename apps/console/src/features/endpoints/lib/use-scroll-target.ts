import { useEffect, useRef } from 'react';

/**
 * Scrolls the element into view (and focuses it, for a card a link opened) each time `targetKey`
 * takes a new value: the element does it once it is mounted, whichever tab had to open first.
 */
export function useScrollTarget<T extends HTMLElement>(
  targetKey: string | undefined,
  { focus }: { focus: boolean },
) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (targetKey === undefined || !ref.current) {
      return;
    }
    ref.current.scrollIntoView({ block: 'start' });
    if (focus) {
      ref.current.focus({ preventScroll: true });
    }
  }, [targetKey, focus]);
  return ref;
}
