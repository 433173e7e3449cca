import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@ehr-gateway/source'] },
  ssr: { resolve: { conditions: ['@ehr-gateway/source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // A test that opens PGlite, hashes passwords or starts a sandbox takes 3–10 s on a quiet
    // machine and over 30 s at load 15 (CI beside other work): the limit catches hangs only.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry WASM; two workers match the 2-core machine.
    maxWorkers: 2,
  },
});
