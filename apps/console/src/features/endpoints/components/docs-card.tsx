import type { ReactNode } from 'react';

import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/**
 * One section of the Documentation tab: a card named by its heading (`id` ties the two together for
 * screen readers), an optional description and an optional body.
 */
export function DocsCard({
  id,
  title,
  description,
  contentClassName,
  children,
}: {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  contentClassName?: string;
  children?: ReactNode;
}) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        <h3 id={id} className="text-base font-semibold">
          {title}
        </h3>
        {description !== undefined && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {children !== undefined && <CardContent className={contentClassName}>{children}</CardContent>}
    </Card>
  );
}
