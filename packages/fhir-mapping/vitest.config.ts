import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript source, so tests need no build first. Validating
// thousands of resources takes seconds: the timeout leaves room for a loaded machine.
export default defineConfig({
  resolve: { conditions: ['@ehr-gateway/source'] },
  ssr: { resolve: { conditions: ['@ehr-gateway/source'] } },
  test: { testTimeout: 60_000 },
});
