// The voice platforms' calls as they arrive, with a caller's details in every field the platforms
// document (Retell's custom-function request, Vapi's tool-calls server message): what the request
// log must mask. The caller is made up.

export const CALLER = {
  name: 'Dylan Adams',
  first: 'Dylan',
  last: 'Adams',
  birthDate: '1984-03-07',
  spokenBirth: 'nineteen eighty four',
  phone: '+16175550142',
};

/** Any of these in the database is a leak. */
export const CALLER_SECRETS = [
  CALLER.first,
  CALLER.last,
  CALLER.birthDate,
  CALLER.spokenBirth,
  'eighty',
  CALLER.phone.slice(2),
];

const said = `I'm ${CALLER.name}, born March 7 1984, that's ${CALLER.spokenBirth}`;

export const retellEnvelope = {
  name: 'verify_patient',
  call: {
    call_id: 'call_5f0e7f1c2b',
    agent_id: 'agent_0a1b2c',
    call_type: 'phone_call',
    call_status: 'ongoing',
    direction: 'inbound',
    from_number: CALLER.phone,
    to_number: '+16175550100',
    metadata: { patient: CALLER.name, birth: CALLER.spokenBirth },
    retell_llm_dynamic_variables: { customer_name: CALLER.name, birth_year: CALLER.spokenBirth },
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
  args: {
    first_name: CALLER.first,
    last_name: CALLER.last,
    dob: CALLER.birthDate,
    spoken: CALLER.spokenBirth,
  },
};

export const vapiEnvelope = {
  message: {
    type: 'tool-calls',
    call: {
      id: 'call-2b6f4f0e',
      type: 'inboundPhoneCall',
      customer: { number: CALLER.phone, name: CALLER.name },
      assistantOverrides: {
        variableValues: { patientName: CALLER.name, birth: CALLER.spokenBirth },
      },
      metadata: { caller: CALLER.name },
    },
    customer: { number: CALLER.phone, name: CALLER.name },
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
            name: CALLER.name,
            dateOfBirthSpoken: CALLER.spokenBirth,
            dob: CALLER.birthDate,
          }),
        },
      },
    ],
  },
};
