import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { HEADERS, VAPI_TOOLS_PATH } from '@ehr-gateway/contracts';

import { signForRetell } from '../src/modules/llm-tools/retell-signature.js';
import { useGateway } from './helpers.js';

const RETELL_API_KEY = 'retell-api-key-for-tests-0123';
const VAPI_SECRET = 'vapi-secret-for-tests-0123';

/** What the caller is: every one of these must be absent from the stored log. */
const NAME = 'Dylan Adams';
const FIRST = 'Dylan';
const LAST = 'Adams';
const SPOKEN_BIRTH = 'nineteen eighty four';
const BIRTH_DATE = '1984-03-07';
const PHONE = '+16175550142';
const said = `I'm ${NAME}, born March 7 1984, that's ${SPOKEN_BIRTH}`;

/** Retell's custom-function request: the tool's name and args, and the whole call object. */
const retellBody = {
  name: 'verify_patient',
  call: {
    call_id: 'call_5f0e7f1c2b',
    agent_id: 'agent_0a1b2c',
    call_type: 'phone_call',
    call_status: 'ongoing',
    direction: 'inbound',
    from_number: PHONE,
    to_number: '+16175550100',
    metadata: { patient: NAME, birth: SPOKEN_BIRTH },
    retell_llm_dynamic_variables: { customer_name: NAME, birth_year: SPOKEN_BIRTH },
    transcript: `Agent: Hello. User: ${said}`,
    transcript_object: [
      {
        role: 'user',
        content: said,
        words: said.split(' ').map((word, index) => ({ word, start: index, end: index + 0.5 })),
      },
    ],
    transcript_with_tool_calls: [{ role: 'user', content: said }],
  },
  args: { first_name: FIRST, last_name: LAST, dob: BIRTH_DATE, spoken: SPOKEN_BIRTH },
};

/** Vapi's tool-calls server message: the call, the customer, the artifact, arguments as JSON text. */
const vapiBody = {
  message: {
    type: 'tool-calls',
    call: {
      id: 'call-2b6f4f0e',
      type: 'inboundPhoneCall',
      customer: { number: PHONE, name: NAME },
      assistantOverrides: { variableValues: { patientName: NAME, birth: SPOKEN_BIRTH } },
      metadata: { caller: NAME },
    },
    customer: { number: PHONE, name: NAME },
    artifact: {
      transcript: `User: ${said}`,
      messages: [{ role: 'user', message: said }],
    },
    toolCallList: [
      {
        id: 'call_abc123',
        type: 'function',
        function: {
          name: 'verify_patient',
          arguments: JSON.stringify({
            name: NAME,
            dateOfBirthSpoken: SPOKEN_BIRTH,
            dob: BIRTH_DATE,
          }),
        },
      },
    ],
  },
};

describe('PHI in voice-platform envelopes', () => {
  const gw = useGateway(
    { name: 'pglite' },
    { settings: { vapiSecret: VAPI_SECRET, retellApiKey: RETELL_API_KEY } },
  );

  it('stores none of the caller’s name, birth date or number from Retell or Vapi call objects', async () => {
    const raw = JSON.stringify(retellBody);
    const retell = await gw.app.inject({
      method: 'POST',
      url: '/llm/tools/retell/verify_patient',
      headers: {
        'content-type': 'application/json',
        [HEADERS.retellSignature]: signForRetell(raw, RETELL_API_KEY),
      },
      payload: raw,
    });
    const vapi = await gw.app.inject({
      method: 'POST',
      url: VAPI_TOOLS_PATH,
      headers: { 'content-type': 'application/json', [HEADERS.vapiSecret]: VAPI_SECRET },
      payload: JSON.stringify(vapiBody),
    });
    expect(retell.statusCode).toBeLessThan(500);
    expect(vapi.statusCode).toBeLessThan(500);
    await gw.app.requestLogWriter.flush();

    const { rows } = await sql<{ row: string }>`
      select request_logs::text as row from request_logs where endpoint like '/llm/%'
    `.execute(gw.storage.db);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const dump = rows.map((r) => r.row).join('\n');
    // The bodies were kept (masked), so an absence means masking, not an empty log.
    expect(dump).toContain('retell_llm_dynamic_variables');
    expect(dump).toContain('toolCallList');
    for (const secret of [FIRST, LAST, SPOKEN_BIRTH, 'eighty', BIRTH_DATE, '6175550142']) {
      expect(dump, secret).not.toContain(secret);
    }
  });
});
