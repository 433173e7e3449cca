import type { ReactNode } from 'react';

import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

export function StatusCard({
  id,
  title,
  icon,
  children,
}: {
  id?: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card id={id} aria-labelledby={id ? `${id}-title` : undefined} className="scroll-mt-24">
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardTitle id={id ? `${id}-title` : undefined} className="text-sm font-medium">
          {title}
        </CardTitle>
        <span className="text-muted-foreground [&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
      </CardHeader>
      <CardContent className="space-y-3">{children}</CardContent>
    </Card>
  );
}

export function StatusCardSkeleton({ id, title }: { id?: string; title: string }) {
  return (
    <Card id={id} className="scroll-mt-24" aria-busy="true" aria-label={`${title} (loading)`}>
      <CardHeader className="pb-2">
        <Skeleton className="h-4 w-24" />
      </CardHeader>
      <CardContent className="space-y-3">
        <Skeleton className="h-6 w-28" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </CardContent>
    </Card>
  );
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="text-sm text-muted-foreground">
      {label}: <span className="font-medium text-foreground">{children}</span>
    </p>
  );
}
