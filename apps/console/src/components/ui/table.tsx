import type { ComponentProps, ReactNode } from 'react';

import { cn } from '@/lib/utils';

import { Skeleton } from './skeleton';

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    // Focusable so keyboard users can scroll a table that is wider than a phone screen.
    <div
      tabIndex={0}
      className="relative w-full overflow-x-auto rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr className={cn('border-b transition-colors hover:bg-muted/50', className)} {...props} />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'h-10 px-3 text-left align-middle text-xs font-semibold whitespace-nowrap text-muted-foreground uppercase',
        className,
      )}
      {...props}
    />
  );
}

/** A header row of plain column titles, for tables whose columns neither sort nor vary. */
export function TableHeadings({ labels }: { labels: readonly string[] }) {
  return (
    <TableHeader>
      <TableRow>
        {labels.map((label) => (
          <TableHead key={label}>{label}</TableHead>
        ))}
      </TableRow>
    </TableHeader>
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2.5 align-middle', className)} {...props} />;
}

export function TableEmpty({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-10 text-center text-sm text-muted-foreground">
        {children}
      </td>
    </tr>
  );
}

/** Placeholder rows while a table loads, as many cells wide as its real rows. */
export function TableSkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, index) => (
    <TableRow key={index} className="hover:bg-transparent">
      {Array.from({ length: columns }, (_, cell) => (
        <TableCell key={cell}>
          <Skeleton className="h-4 w-full min-w-12" />
        </TableCell>
      ))}
    </TableRow>
  ));
}

/**
 * Row classes that turn a table row into a short wrapping stack on a phone, so no column is
 * scrolled out of sight; give the header `max-sm:sr-only` and the cells `max-sm:order-N`.
 */
export const STACKED_ROW =
  'max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:py-2 max-sm:[&>td]:p-1';
