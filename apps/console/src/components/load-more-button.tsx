import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

import { Button } from '@/components/ui/button';

/** The next page of a cursor-paged list, centred under it; shown only while there is one. */
export function LoadMoreButton({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  children,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  children: ReactNode;
}) {
  if (!hasNextPage) {
    return null;
  }
  return (
    <div className="flex justify-center">
      <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
        {isFetchingNextPage && <LoaderCircle aria-hidden="true" className="animate-spin" />}
        {children}
      </Button>
    </div>
  );
}
