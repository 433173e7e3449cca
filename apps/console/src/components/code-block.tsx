import type { ComponentProps } from 'react';

import { cn } from '@/lib/utils';

/**
 * Preformatted JSON or text: lines keep their tokens whole and scroll sideways when too wide,
 * instead of breaking a key, value or number across lines. Focusable, so the keyboard scrolls it.
 */
export function CodeBlock({ className, ...props }: ComponentProps<'pre'>) {
  return (
    <pre
      tabIndex={0}
      className={cn(
        'max-h-72 overflow-auto rounded-md border bg-muted p-3 font-mono text-xs leading-relaxed whitespace-pre focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
      {...props}
    />
  );
}
