import { mkdtempSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildGateway, databaseTargets, useGateway } from './helpers.js';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
const APP_JS = 'console.log("console app abc123");';
const IMMUTABLE = 'public, max-age=31536000, immutable';

function expectIndex(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.body).toBe(INDEX_HTML);
}

function expectJson404(response: LightMyRequestResponse, code = 'ROUTE_NOT_FOUND') {
  expect(response.statusCode, response.body).toBe(404);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found', code });
  expect(response.body).not.toContain('<div id="root">');
}

describe.each(databaseTargets)('console serving on $name', (target) => {
  const workDir = mkdtempSync(path.join(tmpdir(), 'ehrgw-console-'));
  const consoleDir = path.join(workDir, 'dist');
  const emptyDir = path.join(workDir, 'empty');
  beforeAll(async () => {
    await mkdir(path.join(consoleDir, 'assets'), { recursive: true });
    await writeFile(path.join(consoleDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(consoleDir, 'assets', 'app-abc123.js'), APP_JS);
    // What the console build writes beside each text file.
    await writeFile(
      path.join(consoleDir, 'assets', 'app-abc123.js.br'),
      brotliCompressSync(APP_JS),
    );
    await writeFile(path.join(consoleDir, 'assets', 'app-abc123.js.gz'), gzipSync(APP_JS));
    // Next to the console folder, never to be served.
    await writeFile(path.join(workDir, 'secret.txt'), 'not for the web');
    await mkdir(emptyDir);
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  const gw = useGateway(target, { settings: { consoleDir } });
  let unbuilt: FastifyInstance;
  let withoutIndex: FastifyInstance;
  beforeAll(async () => {
    unbuilt = await buildGateway(gw.storage, { settings: { consoleDir: null } });
    withoutIndex = await buildGateway(gw.storage, { settings: { consoleDir: emptyDir } });
  });
  afterAll(async () => {
    await unbuilt.close();
    await withoutIndex.close();
  });

  it('serves the precompressed file the browser accepts, cached for a year', async () => {
    const br = await gw.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);
    const gzip = await gw.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await gw.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it.each(['/', '/endpoints', '/logs', '/api-keys', '/configuration', '/logs/extra'])(
    'GET %s answers the console index, never cached',
    async (url) => {
      expectIndex(await gw.app.inject({ method: 'GET', url }));
    },
  );

  it('answers an unknown path with the console for a browser and a JSON 404 for an API client', async () => {
    const page = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    expectIndex(await gw.app.inject({ method: 'GET', url: '/some/unknown/page', headers: page }));
    for (const accept of ['*/*', 'application/json']) {
      expectJson404(
        await gw.app.inject({ method: 'GET', url: '/some/unknown/page', headers: { accept } }),
      );
    }
  });

  it('keeps the query string out of the page decision', async () => {
    expectIndex(await gw.app.inject({ method: 'GET', url: '/logs?source=utility&limit=50' }));
  });

  it('sends the console with the strict content security policy', async () => {
    const response = await gw.app.inject({ method: 'GET', url: '/endpoints' });
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves a hashed asset as JavaScript with an immutable cache', async () => {
    const response = await gw.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe(APP_JS);
  });

  it('answers a missing asset or file with a JSON 404, not the index', async () => {
    expectJson404(await gw.app.inject({ method: 'GET', url: '/assets/missing.js' }));
    expectJson404(await gw.app.inject({ method: 'GET', url: '/assets/nested/app.css' }));
    expectJson404(await gw.app.inject({ method: 'GET', url: '/favicon.ico' }));
    expectJson404(await gw.app.inject({ method: 'GET', url: '/some/page/report.pdf' }));
  });

  it('never serves files outside the console folder', async () => {
    for (const url of ['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt']) {
      const response = await gw.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('not for the web');
    }
  });

  it('answers an unknown /admin path with 401 without a session and a JSON 404 with one', async () => {
    const anonymous = await gw.app.inject({ method: 'GET', url: '/admin/unknown' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ statusCode: 401, code: 'SESSION_REQUIRED' });

    const signedIn = await gw.app.inject({
      method: 'GET',
      url: '/admin/unknown',
      headers: { cookie: gw.cookie },
    });
    expectJson404(signedIn);

    const bare = await gw.app.inject({ method: 'GET', url: '/admin' });
    expect(bare.statusCode).toBe(401);
  });

  it('answers an unknown gateway path with a JSON 404 once the key is given', async () => {
    const response = await gw.app.inject({
      method: 'GET',
      url: '/utility/unknown',
      headers: { 'x-api-key': gw.key },
    });
    expectJson404(response);

    const anonymous = await gw.app.inject({ method: 'GET', url: '/utility/unknown' });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each(['/healthz/extra', '/openapi.json/x'])(
    'answers a JSON 404 under the API path %s',
    async (url) => {
      expectJson404(await gw.app.inject({ method: 'GET', url }));
    },
  );

  it.each(['POST', 'PUT', 'DELETE'] as const)(
    '%s on a console route is a JSON 404, not the index',
    async (method) => {
      expectJson404(await gw.app.inject({ method, url: '/endpoints', payload: {} }));
    },
  );

  it('answers a page request with 404 CONSOLE_NOT_BUILT when there is no console', async () => {
    for (const url of ['/', '/endpoints', '/some/unknown/page']) {
      const response = await unbuilt.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html' },
      });
      expectJson404(response, 'CONSOLE_NOT_BUILT');
      expect(response.json().message).toMatch(/console is not built/);
    }
    // API paths still answer as before.
    expect((await unbuilt.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expectJson404(await unbuilt.inject({ method: 'GET', url: '/assets/app-abc123.js' }));
  });

  it('treats a console folder without index.html as no console', async () => {
    expectJson404(await withoutIndex.inject({ method: 'GET', url: '/' }), 'CONSOLE_NOT_BUILT');
  });
});
