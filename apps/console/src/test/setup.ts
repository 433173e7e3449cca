import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { toast } from '@/lib/toast';
import { afterEach } from 'vitest';

// findBy*/waitFor wait for a condition, not a time: the first visit to a lazy screen transforms
// its chunk, which takes seconds on a loaded 2-core machine, well past the library's 1 s default.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // Sonner keeps its toasts in a module-wide store: a test's toasts must not appear in the next.
  toast.dismiss();
});
