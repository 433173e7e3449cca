import type { ComponentProps } from 'react';

import { cn } from '@/lib/utils';

/** A native checkbox in the console's colours: keyboard and form behaviour come from the browser. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      className={cn(
        'size-4 shrink-0 rounded border-input accent-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed',
        className,
      )}
      {...props}
    />
  );
}
