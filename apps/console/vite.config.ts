import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin, type ProxyOptions } from 'vite';

// The source file, not the package: the config is loaded before any workspace package is built.
import { adminPath } from '../../packages/contracts/src/admin-routes.js';
import { CONSOLE_PATHS } from '../../packages/contracts/src/names.js';

// The gateway serves the built console on the same origin; in dev the console's own pages and
// files come from Vite and every other path goes to the gateway, so the dev proxy follows
// whatever apiRoot the gateway is configured with.
const gatewayUrl = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

const consoleRoutes = Object.values(CONSOLE_PATHS).filter((path) => path !== '/');
const isConsolePage = (path: string) =>
  path === '/' ||
  path === '/index.html' ||
  consoleRoutes.some((route) => path === route || path.startsWith(`${route}/`));
/** What Vite itself serves in dev: its client, modules, dependencies and files. */
const isViteOwn = (path: string) =>
  path.startsWith('/@') ||
  path.startsWith('/src/') ||
  path.startsWith('/node_modules/') ||
  path.startsWith('/public/');

const toGateway: ProxyOptions = {
  target: gatewayUrl,
  changeOrigin: false,
  bypass: (request) => {
    const path = (request.url ?? '/').split('?', 1)[0] ?? '/';
    // Returning the URL tells Vite to serve it; undefined sends the request to the gateway.
    return isConsolePage(path) || isViteOwn(path) ? request.url : undefined;
  },
};

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz beside every text file of the build, compressed once at the highest
 * levels, so the gateway serves them as they are (@fastify/static preCompressed) instead of
 * compressing per request or not at all. Node's zlib does the work; this only walks the output.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ehr-gateway:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const full = path.join(outDir, file);
            const content = await readFile(full);
            await writeFile(
              `${full}.br`,
              await brotli(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
            );
            await writeFile(`${full}.gz`, await gzipAsync(content, { level: 9 }));
          }),
      );
    },
  };
}

/**
 * Asks who is signed in while the entry downloads, not after it has run: the answer decides which
 * chunks come next (sign-in screen, or the signed-in console and the screen at the address). The
 * entry's session query, credentials included like this preload, takes the preloaded response.
 */
function preloadSession(): Plugin {
  return {
    name: 'ehr-gateway:preload-session',
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: {
          rel: 'preload',
          href: adminPath('session'),
          as: 'fetch',
          crossorigin: 'use-credentials',
        },
        injectTo: 'head',
      },
    ],
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadSession(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // Resolve workspace packages to their TypeScript source so no prior build is needed.
    conditions: ['@ehr-gateway/source', ...defaultClientConditions],
  },
  server: { proxy: { '/': toGateway } },
  preview: { proxy: { '/': toGateway } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Shared modules of a few KB (an icon, a hook, a primitive) otherwise become chunks of
        // their own: the Dashboard fetched 50 files, queued six at a time on HTTP/1.1, before its
        // first card could render. Inlining them into their users (some bytes twice) halves that
        // (bench:console). Inlining needs modules to run in their source order.
        strictExecutionOrder: true,
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 6000 } },
      },
    },
  },
});
