import { hkdfSync } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { createPayloadSealer } from '../../lib/payload-seal.js';
import { createToolTokens, TOOL_TOKEN_TTL_MS } from './tool-tokens.js';

const SECRET = 'unit-test-secret-0123456789-0123456789';
const CALLER = { tenantId: 1, callId: 'call-1' };

describe('voice tool references', () => {
  let clock = Date.parse('2026-03-02T15:00:00Z');
  const tokens = createToolTokens({ secret: SECRET, now: () => clock });

  it('are compact JWE that hide the EHR id and read back for the call they were issued to', async () => {
    const token = await tokens.issue('patient', CALLER, { patientId: '1001' });
    expect(token.split('.')).toHaveLength(5);
    expect(token).not.toContain('1001');
    expect(await tokens.read('patient', CALLER, token)).toEqual({
      ok: true,
      data: { patientId: '1001' },
    });
  });

  it('are refused for another kind, another call or tenant, after they expire, and when changed', async () => {
    const token = await tokens.issue('slot', CALLER, { slotId: '107205000480' });
    expect(await tokens.read('patient', CALLER, token)).toEqual({ ok: false, problem: 'invalid' });
    expect(await tokens.read('slot', { ...CALLER, callId: 'call-2' }, token)).toEqual({
      ok: false,
      problem: 'other-call',
    });
    expect(await tokens.read('slot', { ...CALLER, tenantId: 2 }, token)).toEqual({
      ok: false,
      problem: 'other-call',
    });
    const parts = token.split('.');
    parts[3] = `${parts[3]!.slice(0, -2)}AA`;
    expect(await tokens.read('slot', CALLER, parts.join('.'))).toEqual({
      ok: false,
      problem: 'invalid',
    });
    const other = createToolTokens({
      secret: 'another-secret-0123456789-0123456789',
      now: () => clock,
    });
    expect(await other.read('slot', CALLER, token)).toEqual({ ok: false, problem: 'invalid' });
    clock += TOOL_TOKEN_TTL_MS + 1;
    expect(await tokens.read('slot', CALLER, token)).toEqual({ ok: false, problem: 'expired' });
  });

  it('issued before JWE (payload-seal v1, same secret) still read until they expire', async () => {
    const key = Buffer.from(hkdfSync('sha256', SECRET, 'ehr-gateway', 'voice tool tokens', 32));
    const old = createPayloadSealer(key).seal(
      JSON.stringify({
        kind: 'appointment',
        ...CALLER,
        expiresAt: clock + 60_000,
        data: { appointmentId: '42' },
      }),
    );
    expect(await tokens.read('appointment', CALLER, old)).toEqual({
      ok: true,
      data: { appointmentId: '42' },
    });
  });
});
