import { Filter } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * The "Filters" card the list screens share: a titled card around one filter form, whose grid of
 * fields ends with the same two buttons everywhere: Apply Filters (submits) and Clear Filters.
 */
export function FilterCard({
  onSubmit,
  onClear,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Empties the fields and applies no filters (the screen's defaults). */
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2">
          <Filter aria-hidden="true" className="size-4" />
          Filters
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end" onSubmit={onSubmit}>
          {children}
          <div className="flex flex-wrap justify-end gap-2 sm:col-span-2 lg:col-span-4">
            <Button type="submit">Apply Filters</Button>
            <Button type="button" variant="outline" onClick={onClear}>
              Clear Filters
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
