import { describe, expect, it } from 'vitest';

import { ALL_WEBHOOK_EVENT_TYPES, SERVICE_PATHS } from '@ehr-gateway/contracts';

import { useGateway } from './helpers.js';

interface Schema {
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
  required?: string[];
}
interface WebhookOperation {
  operationId: string;
  parameters: Array<{ in: string; name: string; required: boolean }>;
  requestBody: { content: { 'application/json': { schema: Schema } } };
}

describe('the OpenAPI webhooks section', () => {
  const gw = useGateway({ name: 'pglite' });

  const webhooks = async () => {
    const response = await gw.app.inject({ method: 'GET', url: SERVICE_PATHS.openApi });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      webhooks: Record<string, { post: WebhookOperation }>;
    };
    expect(document.openapi).toMatch(/^3\.1\./);
    return document.webhooks;
  };
  const variants = (schema: Schema) => schema.anyOf ?? schema.oneOf ?? [schema];

  it('describes every event type with the Standard Webhooks headers', async () => {
    const section = await webhooks();
    expect(Object.keys(section).sort()).toEqual([...ALL_WEBHOOK_EVENT_TYPES].sort());
    for (const type of ALL_WEBHOOK_EVENT_TYPES) {
      const operation = section[type]!.post;
      expect(operation.parameters.map((p) => [p.in, p.name, p.required])).toEqual([
        ['header', 'webhook-id', true],
        ['header', 'webhook-timestamp', true],
        ['header', 'webhook-signature', true],
      ]);
      const body = operation.requestBody.content['application/json'].schema;
      expect(body.properties!.type!.const).toBe(type);
      expect(body.required).toEqual(
        expect.arrayContaining(['type', 'id', 'occurredAt', 'source', 'practiceId', 'data']),
      );
    }
  });

  it('gives each event its id-only and full data, from the contracts schemas', async () => {
    const section = await webhooks();
    const dataOf = (type: string) =>
      variants(
        section[type]!.post.requestBody.content['application/json'].schema.properties!.data!,
      );

    const appointment = dataOf('appointment.cancelled');
    expect(appointment).toHaveLength(2);
    const [ids, full] = appointment;
    expect(Object.keys(ids!.properties!)).toEqual(
      expect.arrayContaining(['appointmentId', 'patientId', 'status', 'changes']),
    );
    expect(ids!.properties).not.toHaveProperty('appointment');
    expect(full!.properties).toHaveProperty('appointment');

    const patient = dataOf('patient.registered');
    expect(patient.map((schema) => 'patient' in (schema.properties ?? {}))).toEqual([false, true]);
    // id-only names nobody: no name, birth date or phone among its fields.
    expect(Object.keys(patient[0]!.properties!)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/name|dob|birth|phone/i)]),
    );

    expect(Object.keys(dataOf('endpoint.test')[0]!.properties!)).toEqual(['endpointId', 'message']);
  });
});
