import { lazy, Suspense, useSyncExternalStore, type ComponentProps } from 'react';
import type { Toaster } from 'sonner';

import { toasterRequests } from '@/lib/toast';

const MountedToaster = lazy(() => import('./mounted-toaster'));

/**
 * Where toasts appear: renders sonner's Toaster once the first toast asks for it (lib/toast), so
 * sonner is not part of the first page's download.
 */
export function ToasterHost(props: ComponentProps<typeof Toaster>) {
  const requested = useSyncExternalStore(toasterRequests.subscribe, toasterRequests.requested);
  if (!requested) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <MountedToaster {...props} />
    </Suspense>
  );
}
