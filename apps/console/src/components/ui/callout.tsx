import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlert, Info, ShieldAlert, TriangleAlert } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cn } from '@/lib/utils';

// Text and background pairs keep at least 4.5:1 contrast in both themes.
const calloutVariants = cva('flex items-start gap-2 rounded-md border p-3 text-sm', {
  variants: {
    variant: {
      info: 'border-blue-200 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100',
      warning:
        'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
      error:
        'border-red-200 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
      privacy:
        'border-violet-200 bg-violet-50 text-violet-900 dark:border-violet-800 dark:bg-violet-950 dark:text-violet-100',
    },
  },
  defaultVariants: { variant: 'info' },
});

const ICONS = { info: Info, warning: TriangleAlert, error: CircleAlert, privacy: ShieldAlert };

/** A short message set apart from the page: a note, a warning, an error, a privacy notice. */
export function Callout({
  variant,
  className,
  children,
  role = 'note',
  ...props
}: ComponentProps<'div'> & VariantProps<typeof calloutVariants>) {
  const Icon = ICONS[variant ?? 'info'];
  return (
    <div role={role} className={cn(calloutVariants({ variant }), className)} {...props}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1 space-y-2">{children}</div>
    </div>
  );
}
