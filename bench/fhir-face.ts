// The FHIR R4 face against the REST routes that answer the same question, in one run (issue 25:
// the FHIR route may cost at most 1.3× its REST equivalent), and the cost of opening an
// idempotent answer sealed as JWE on the booking path (issue 23).
//   npm run bench:fhir -w @ehr-gateway/bench
//   BENCH_SECONDS=6 BENCH_ROUNDS=5 npm run bench:fhir -w @ehr-gateway/bench
// The gateway runs in this process (the Mock EHR, response cache off), as in run.ts.
import { createCipheriv, createDecipheriv, randomBytes, webcrypto } from 'node:crypto';

import autocannon from 'autocannon';
import { CompactEncrypt, compactDecrypt } from 'jose';

import { DEFAULT_GATEWAY_CONFIG, HEADERS, fhirBasePath } from '@ehr-gateway/contracts';
import { createGateway } from '@ehr-gateway/gateway';

import { openBenchStorage } from './bench-storage.js';
import { benchSettings } from './bench-settings.js';
import { createBenchKey, signIn } from './harness.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const practiceId = DEFAULT_GATEWAY_CONFIG.practiceId;
const fhir = fhirBasePath('mock', practiceId);
const rest = `/api/${practiceId}`;
/** The synthetic practice's sample patient, her provider, department and visit type. */
const SAMPLE = { patientId: '1001', providerId: '107', appointmentTypeId: '7' };
const PATIENT_QUERY = 'firstname=Linda&lastname=Wright&dob=2017-04-19';

const DAY_MS = 86_400_000;
/** From the next Monday (UTC), so the week holds all of the provider's clinic days. */
const nextMonday = new Date();
nextMonday.setUTCDate(nextMonday.getUTCDate() + ((8 - nextMonday.getUTCDay()) % 7 || 7));
const isoDay = (offsetDays: number) =>
  new Date(nextMonday.getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);
const [weekStart, weekLast, weekEnd] = [isoDay(0), isoDay(6), isoDay(7)];

const { storage, dispose } = await openBenchStorage();
const app = await createGateway({ db: storage.db, settings: benchSettings() });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const key = await createBenchKey(base, await signIn(base));
const auth = { [HEADERS.apiKey]: key };

async function getJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const answer = await fetch(`${base}${path}`, {
    ...init,
    headers: { ...auth, ...(init.headers as Record<string, string>) },
  });
  if (!answer.ok) {
    throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  }
  return (await answer.json()) as T;
}

// As a FHIR client would: find the provider's schedule, then book one of its slots once.
const schedules = await getJson<{ entry: Array<{ resource: { id: string } }> }>(
  `${fhir}/Schedule?actor=Practitioner/${SAMPLE.providerId}`,
);
const scheduleId = schedules.entry[0]!.resource.id;
const slotQuery = `schedule=Schedule/${scheduleId}&appointment-type=${SAMPLE.appointmentTypeId}&status=free&start=ge${weekStart}&start=lt${weekEnd}&_count=100`;
const slots = await getJson<{ total: number; entry: Array<{ resource: { id: string } }> }>(
  `${fhir}/Slot?${slotQuery}`,
);
const idempotencyKey = crypto.randomUUID();
const booking = {
  method: 'POST',
  headers: { 'content-type': 'application/fhir+json', [HEADERS.idempotencyKey]: idempotencyKey },
  body: JSON.stringify({
    resourceType: 'Appointment',
    status: 'booked',
    slot: [{ reference: `Slot/${slots.entry.at(-1)!.resource.id}` }],
    participant: [{ actor: { reference: `Patient/${SAMPLE.patientId}` }, status: 'accepted' }],
  }),
};
const booked = await getJson<{ id: string }>(`${fhir}/Appointment`, booking);

interface Target {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}
const pairs: Array<{ question: string; rest: Target; fhir: Target }> = [
  {
    question: 'one patient',
    rest: { name: 'GET /api/{practice}/patients/1001', path: `${rest}/patients/1001?source=mock` },
    fhir: { name: 'GET Patient/1001', path: `${fhir}/Patient/1001` },
  },
  {
    question: "open slots of the patient's provider and visit type, a week",
    rest: {
      name: 'GET /aggregate/patient-open-slots',
      path: `/aggregate/patient-open-slots?source=mock&${PATIENT_QUERY}&appointmenttypeid=${SAMPLE.appointmentTypeId}&startDate=${weekStart}&endDate=${weekLast}`,
    },
    fhir: { name: 'GET Slot?schedule=…&start=ge…&start=lt…', path: `${fhir}/Slot?${slotQuery}` },
  },
  {
    question: "the provider's appointments, a week",
    rest: {
      name: 'GET /api/{practice}/appointments',
      path: `${rest}/appointments?source=mock&providerId=${SAMPLE.providerId}&startDate=${weekStart}&endDate=${weekLast}`,
    },
    fhir: {
      name: 'GET Appointment?practitioner=…&date=ge…&date=lt…',
      path: `${fhir}/Appointment?practitioner=Practitioner/${SAMPLE.providerId}&date=ge${weekStart}&date=lt${weekEnd}&_count=100`,
    },
  },
  {
    // The stored answer is found by the key's hash and opened (JWE) on every retry.
    question: 'a booking retried with its Idempotency-Key, against reading the booking',
    rest: { name: `GET Appointment/{id}`, path: `${fhir}/Appointment/${booked.id}` },
    fhir: {
      name: 'POST Appointment, same Idempotency-Key (replayed)',
      path: `${fhir}/Appointment`,
      method: 'POST',
      body: booking.body,
      headers: booking.headers,
    },
  },
];

/**
 * Throughput, and the process's CPU time per request (every thread: the gateway, its PGlite
 * thread and the load generator): on a shared machine the other jobs move req/s by a third
 * between runs, while the CPU a request costs moves much less.
 */
async function measure(target: Target) {
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: `${base}${target.path}`,
    method: target.method ?? 'GET',
    body: target.body,
    headers: { ...auth, ...target.headers },
    connections,
    duration: seconds,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  const cpu = process.cpuUsage(cpuBefore);
  return {
    rps: result.requests.average,
    cpuMsPerRequest: (cpu.user + cpu.system) / 1_000 / result.requests.total,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

console.log(
  `${rounds} rounds × ${seconds} s per target, ${connections} connections, ${storage.kind}, ` +
    `Mock EHR, ${slots.total} open slots in the week\n`,
);
type Side = 'rest' | 'fhir';
const results = pairs.map(() => ({
  rps: { rest: [] as number[], fhir: [] as number[] },
  cpu: { rest: [] as number[], fhir: [] as number[] },
}));
for (let round = 0; round < rounds; round += 1) {
  for (const [index, pair] of pairs.entries()) {
    // Alternate which goes first, so neither always runs on the warmer process.
    const order: Side[] = round % 2 === 0 ? ['rest', 'fhir'] : ['fhir', 'rest'];
    for (const side of order) {
      const measured = await measure(pair[side]);
      results[index]!.rps[side].push(measured.rps);
      results[index]!.cpu[side].push(measured.cpuMsPerRequest);
    }
  }
}
for (const [index, pair] of pairs.entries()) {
  const { rps, cpu } = results[index]!;
  const line = (side: Side) =>
    `  ${pair[side].name}: ${Math.round(median(rps[side]))} req/s, ` +
    `${median(cpu[side]).toFixed(2)} ms CPU per request`;
  console.log(
    `${pair.question}\n${line('rest')}\n${line('fhir')}\n  second / first: ` +
      `${(median(rps.rest) / median(rps.fhir)).toFixed(2)} by req/s, ` +
      `${(median(cpu.fhir) / median(cpu.rest)).toFixed(2)} by CPU per request`,
  );
}

// The sealing primitives on their own: a seal and an open, JWE through jose against the
// AES-256-GCM calls of the v1 format (node:crypto), same key and nonce sizes. The tool references'
// key is imported into WebCrypto once; an idempotent answer's key is derived per request.
const sealKey = randomBytes(32);
const importedKey = await webcrypto.subtle.importKey('raw', sealKey, 'AES-GCM', false, [
  'encrypt',
  'decrypt',
]);
const plain = new TextEncoder().encode(
  JSON.stringify({ resourceType: 'Appointment', id: booked.id, status: 'booked' }),
);
const ITERATIONS = 5_000;
async function perOp(label: string, roundTrip: () => Promise<unknown> | unknown) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < ITERATIONS; i += 1) {
    await roundTrip();
  }
  const micros = Number(process.hrtime.bigint() - started) / 1_000 / ITERATIONS;
  console.log(`${label}: ${micros.toFixed(1)} µs per seal and open`);
}
const jweRoundTrip = (key: Uint8Array | webcrypto.CryptoKey) => async () => {
  const sealed = await new CompactEncrypt(plain)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .encrypt(key);
  return compactDecrypt(sealed, key);
};
await perOp('JWE (jose, dir + A256GCM), key imported once', jweRoundTrip(importedKey));
await perOp('JWE (jose, dir + A256GCM), raw key', jweRoundTrip(sealKey));
await perOp('v1 (node:crypto aes-256-gcm)', () => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  const decipher = createDecipheriv('aes-256-gcm', sealKey, iv);
  decipher.setAuthTag(cipher.getAuthTag());
  return Buffer.concat([decipher.update(sealed), decipher.final()]);
});

await app.close();
await dispose();
