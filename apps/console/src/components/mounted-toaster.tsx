import { useEffect, type ComponentProps } from 'react';
import * as sonner from 'sonner';

import { toasterMounted } from '@/lib/toast';

/** Sonner's Toaster, reporting when it listens (its own effect runs before this one). */
export default function MountedToaster(props: ComponentProps<typeof sonner.Toaster>) {
  useEffect(() => toasterMounted(sonner), []);
  return <sonner.Toaster {...props} />;
}
