import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@ehr-gateway/source'] },
  ssr: { resolve: { conditions: ['@ehr-gateway/source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
