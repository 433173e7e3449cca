import { defineConfig } from 'vitest/config';

/** The voice-agent evaluation set alone (`npm run eval:voice`); `npm test` does not include it. */
export default defineConfig({
  resolve: { conditions: ['@ehr-gateway/source'] },
  ssr: { resolve: { conditions: ['@ehr-gateway/source'] } },
  test: {
    include: ['test/voice-eval/**/*.eval.ts'],
    testTimeout: 30_000,
    hookTimeout: 600_000,
  },
});
