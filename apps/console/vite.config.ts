import { fileURLToPath, URL } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The gateway serves the built console on the same origin; in dev we proxy its routes instead.
const gatewayUrl = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
const gatewayPaths = [
  '/admin',
  '/api',
  '/aggregate',
  '/voice-config',
  '/llm',
  '/utility',
  '/healthz',
  '/readyz',
  '/openapi.json',
];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // Resolve workspace packages to their TypeScript source so no prior build is needed.
    conditions: ['@ehr-gateway/source', ...defaultClientConditions],
  },
  server: {
    proxy: Object.fromEntries(
      gatewayPaths.map((path) => [path, { target: gatewayUrl, changeOrigin: false }]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(
      gatewayPaths.map((path) => [path, { target: gatewayUrl, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
