import { existsSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { ADMIN_PREFIX, CONSOLE_PATHS, SERVICE_PATHS } from '@ehr-gateway/contracts';

import { notFound } from '../lib/http-errors.js';

interface ConsoleOptions {
  /** The console's build output; null or a folder without index.html serves no console. */
  consoleDir: string | null;
  /** Paths the SPA never owns: API prefixes and asset folders answer JSON 404s instead. */
  isApiPath: (path: string) => boolean;
  /** How an unknown /admin path answers: 401 without a session, else 404. */
  rejectUnknownAdminPath: (request: FastifyRequest) => Promise<void>;
}

const isHashedAsset = (relativePath: string) => relativePath.startsWith(`${SERVICE_PATHS.assets}/`);
const LOOKS_LIKE_FILE = /\/[^/]+\.[A-Za-z0-9]+$/;

const consoleRoutes = Object.values(CONSOLE_PATHS).filter((route) => route !== '/');
const isConsoleRoute = (path: string) =>
  path === '/' || consoleRoutes.some((route) => path === route || path.startsWith(`${route}/`));

/**
 * Whether the console should answer: its own routes always do; any other path only for a browser
 * asking for a page (Accept: text/html), which then shows "Page Not Found". An API client asking
 * for a path nothing serves (an old apiRoot, a typo) gets a JSON 404 instead of a web page.
 */
const wantsConsole = (request: FastifyRequest, path: string) =>
  isConsoleRoute(path) || (request.headers.accept ?? '').includes('text/html');

/**
 * Serves the console build and falls back to index.html for client-side routes. Anything that is
 * an API path or looks like a file gets a JSON 404, never the SPA.
 */
export async function registerConsole(app: FastifyInstance, options: ConsoleOptions) {
  const consoleDir = options.consoleDir ? path.resolve(options.consoleDir) : null;
  const hasConsole = consoleDir !== null && existsSync(path.join(consoleDir, 'index.html'));

  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      // Files are looked up per request, so a rebuilt console is served without a restart.
      wildcard: true,
      // The build writes .br and .gz beside each text file; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const relative = `/${path.relative(consoleDir, filePath).split(path.sep).join('/')}`;
        void reply.header(
          'cache-control',
          isHashedAsset(relative) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html');

  app.setNotFoundHandler(async (request, reply) => {
    const requestPath = request.originalUrl.split('?', 1)[0] ?? '/';
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !options.isApiPath(requestPath) &&
      !LOOKS_LIKE_FILE.test(requestPath) &&
      wantsConsole(request, requestPath);

    if (requestPath === ADMIN_PREFIX || requestPath.startsWith(`${ADMIN_PREFIX}/`)) {
      await options.rejectUnknownAdminPath(request);
    }
    if (isPageRequest && hasConsole) {
      return sendIndex(reply);
    }
    if (isPageRequest) {
      throw notFound(
        'The console is not built: run `npm run build`, or use `npm start`',
        'CONSOLE_NOT_BUILT',
      );
    }
    throw notFound(`No route for ${request.method} ${requestPath}`, 'ROUTE_NOT_FOUND');
  });
}
