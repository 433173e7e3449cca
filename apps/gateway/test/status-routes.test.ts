import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminRequest, buildGateway, databaseTargets, useGateway } from './helpers.js';

describe.each(databaseTargets)('EHR status and system info on $name', (target) => {
  const gw = useGateway(target);
  let configured: FastifyInstance;

  beforeAll(async () => {
    configured = await buildGateway(gw.storage, {
      settings: {
        environment: 'staging',
        athena: {
          baseUrl: 'https://api.preview.platform.athenahealth.com',
          clientId: 'client-id-abcd1234',
          clientSecret: 'very-secret-value',
          practiceId: '195900',
        },
        fhir: {
          baseUrl: 'https://fhir.example.org/r4',
          clientId: 'fhir-client-wxyz9876',
          clientSecret: 'fhir-secret-value',
          privateKey: undefined,
          previousPublicKey: undefined,
          scopes: 'system/Slot.rs',
          vendor: 'oracle',
          practiceId: '12345',
          timeoutMs: 8_000,
          maxQps: 5,
        },
      },
    });
  });
  afterAll(() => configured.close());

  it('reports the Mock EHR connected and Athena not configured', async () => {
    const response = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: '/admin/ehr-status',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      athena: {
        status: 'disconnected',
        configured: false,
        practiceId: null,
        lastSyncedAt: null,
        message: 'not configured',
        breakerState: null,
        tokenRefreshes: 0,
      },
      fhir: {
        status: 'disconnected',
        configured: false,
        vendor: null,
        practiceId: null,
        lastSyncedAt: null,
        lastTokenAt: null,
        message: 'not configured',
        breakerState: null,
        tokenRefreshes: 0,
        changeFeedProblem: null,
      },
      mockEhr: { status: 'connected' },
    });
  });

  it('reports Athena disconnected, with its practice, when credentials are set', async () => {
    const response = await adminRequest(configured, gw.cookie, {
      method: 'GET',
      url: '/admin/ehr-status',
    });
    expect(response.json().athena).toMatchObject({
      status: 'disconnected',
      configured: true,
      practiceId: '195900',
      message: expect.any(String),
    });
    expect(response.json().fhir).toMatchObject({
      status: 'disconnected',
      configured: true,
      vendor: 'oracle',
      practiceId: '12345',
      message: expect.any(String),
    });
  });

  it('describes the deployment without revealing credentials', async () => {
    const plain = await adminRequest(gw.app, gw.cookie, { method: 'GET', url: '/admin/system' });
    expect(plain.json()).toEqual({
      environment: 'test',
      version: '0.0.0-test',
      athena: { configured: false, baseUrl: null, clientIdMasked: null },
      mockEhr: { enabled: true },
      fhir: {
        configured: false,
        baseUrl: null,
        clientIdMasked: null,
        vendor: 'generic',
        practiceId: null,
        scopes: expect.stringContaining('system/Slot.rs'),
        authMethod: null,
        maxQps: 10,
      },
      trafficControl: {
        store: 'memory',
        degraded: false,
        message: null,
        athenaMaxQps: 10,
        defaultKeyRateLimit: null,
      },
    });

    const withAthena = await adminRequest(configured, gw.cookie, {
      method: 'GET',
      url: '/admin/system',
    });
    expect(withAthena.json()).toMatchObject({
      environment: 'staging',
      athena: {
        configured: true,
        baseUrl: 'https://api.preview.platform.athenahealth.com',
        clientIdMasked: expect.stringMatching(/1234$/),
      },
    });
    expect(withAthena.json().fhir).toMatchObject({
      configured: true,
      vendor: 'oracle',
      authMethod: 'client_secret_basic',
      clientIdMasked: expect.stringMatching(/9876$/),
      maxQps: 5,
    });
    expect(withAthena.body).not.toContain('client-id-abcd');
    expect(withAthena.body).not.toContain('very-secret-value');
    expect(withAthena.body).not.toContain('fhir-client-wxyz');
    expect(withAthena.body).not.toContain('fhir-secret-value');
  });
});
