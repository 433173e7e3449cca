import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { toast } from '@/lib/toast';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // Sonner keeps its toasts in a module-wide store: a test's toasts must not appear in the next.
  toast.dismiss();
});
