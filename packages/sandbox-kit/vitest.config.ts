import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript source, so tests need no build first.
export default defineConfig({
  resolve: { conditions: ['@ehr-gateway/source'] },
  ssr: { resolve: { conditions: ['@ehr-gateway/source'] } },
});
