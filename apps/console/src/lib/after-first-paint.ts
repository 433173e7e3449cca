import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it: a part below the fold can then
 * start loading without competing with what the first paint needs. A frame, then a task, so the
 * switch comes after the paint even where passive effects run before it.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
