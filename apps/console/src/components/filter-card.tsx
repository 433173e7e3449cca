import { Filter } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';

import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** The "Filters" card the list screens share: a titled card around one filter form. */
export function FilterCard({
  formClassName,
  onSubmit,
  children,
}: {
  formClassName: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
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
        <form className={formClassName} onSubmit={onSubmit}>
          {children}
        </form>
      </CardContent>
    </Card>
  );
}
