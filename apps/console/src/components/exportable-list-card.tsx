import { Download } from 'lucide-react';
import type { ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A paged list's card: title and description, its "Export CSV" download, then the list. */
export function ExportableListCard({
  title,
  description,
  aside,
  exportHref,
  children,
}: {
  title: string;
  description: ReactNode;
  /** Shown under the description (a status badge). */
  aside?: ReactNode;
  /** The CSV of what the current filters select. */
  exportHref: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
          {aside}
        </div>
        <Button variant="outline" asChild>
          <a href={exportHref} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}
