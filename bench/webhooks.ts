// Signed webhooks under load (issue 27): gateway-made changes (a booking, then its cancellation,
// through the gateway's FHIR face on the Mock EHR) delivered to 5 loopback receivers, each
// verifying every signature with the standardwebhooks library, in a process of their own.
//   npm run bench:webhooks -w @ehr-gateway/bench                 (60 s per phase)
//   BENCH_SECONDS=15 npm run bench:webhooks -w @ehr-gateway/bench
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:webhooks -w @ehr-gateway/bench
// Phases: BENCH_RATE changes a second (50, the load) alone with the 5 endpoints: the
// delivery lag (event time → the receiver's verified 2xx), p95 ≤ 2 s; the same changes with the
// request path's reads (BENCH_CONNECTIONS in flight) as fast as they go, without and with the
// endpoints: the reads' throughput within 10 %; changes as fast as they go (each 5 deliveries with
// endpoints), without and with, for information. Every change made with endpoints must reach each
// endpoint once.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

import { DEFAULT_GATEWAY_CONFIG, HEADERS } from '@ehr-gateway/contracts';
import { createGateway } from '@ehr-gateway/gateway';

import { openBenchStorage } from './bench-storage.js';
import { benchSettings } from './bench-settings.js';
import { createBenchKey, signIn } from './harness.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const rate = Number(process.env.BENCH_RATE ?? 50);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ENDPOINTS = 5;
const LAG_TARGET_MS = 2_000;
const EVENTS = ['appointment.booked', 'appointment.cancelled'];
const FHIR = `/fhir/r4/mock/${DEFAULT_GATEWAY_CONFIG.practiceId}`;

const { storage, dispose, databaseName } = await openBenchStorage();
const app = await createGateway({
  db: storage.db,
  settings: benchSettings({ webhooks: { allowPrivate: true, secretsKey: randomBytes(32) } }),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const key = await createBenchKey(base, await signIn(base));

async function call(method: string, path: string, body?: unknown) {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: {
      [HEADERS.apiKey]: key,
      'content-type': method === 'PATCH' ? 'application/json-patch+json' : 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

type ReceiverReport = Array<{ arrivals: Array<[string, number[]]>; rejected: number }>;

/**
 * The 5 loopback receivers, in their own process (webhook-receivers.ts): each verifies every
 * delivery with standardwebhooks and keeps when each event arrived.
 */
async function startReceivers(count: number) {
  const child = fork(fileURLToPath(new URL('./webhook-receivers.ts', import.meta.url)), [
    String(count),
  ]);
  const urls = await new Promise<string[]>((resolve, reject) => {
    child.once('message', (message: { urls: string[] }) => resolve(message.urls));
    child.once('exit', (code) => reject(new Error(`the receivers exited (${code})`)));
  });
  return {
    urls,
    useSecret: (index: number, secret: string) => child.send({ index, secret }),
    /** Per receiver: event id → lags (ms) of each arrival, and refused signatures. */
    report: () =>
      new Promise<Array<{ arrivals: Map<string, number[]>; rejected: number }>>((resolve) => {
        child.once('message', (message: { receivers: ReceiverReport }) =>
          resolve(
            message.receivers.map((r) => ({ arrivals: new Map(r.arrivals), rejected: r.rejected })),
          ),
        );
        child.send({ report: true });
      }),
    close: () => {
      child.disconnect();
    },
  };
}

/** Free future slots and patients of the Mock EHR: each lane books and cancels its own slot. */
async function lanesFor(count: number) {
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const slots = await call('GET', `${FHIR}/Slot?status=free&start=ge${day}&_count=${count}`);
  const patients = await call('GET', `${FHIR}/Patient?_count=${count}`);
  const ids = (bundle: Record<string, unknown>) =>
    ((bundle.entry ?? []) as Array<{ resource: { id: string }; search?: { mode: string } }>)
      .filter((entry) => entry.search?.mode !== 'include')
      .map((entry) => entry.resource.id);
  const slotIds = ids(slots.body);
  const patientIds = ids(patients.body);
  if (slotIds.length < count || patientIds.length === 0) {
    throw new Error(`only ${slotIds.length} free slots and ${patientIds.length} patients`);
  }
  return slotIds.map((slotId, index) => ({
    slotId,
    patientId: patientIds[index % patientIds.length]!,
    appointmentId: null as string | null,
  }));
}

type Lane = Awaited<ReturnType<typeof lanesFor>>[number];
let changesMade = 0;
let failures = 0;

/** One change: the lane's slot booked, or its booking cancelled (which frees the slot). */
async function change(lane: Lane) {
  const answer = lane.appointmentId
    ? await call('PATCH', `${FHIR}/Appointment/${lane.appointmentId}`, [
        { op: 'replace', path: '/status', value: 'cancelled' },
      ])
    : await call('POST', `${FHIR}/Appointment`, {
        resourceType: 'Appointment',
        status: 'booked',
        slot: [{ reference: `Slot/${lane.slotId}` }],
        participant: [{ actor: { reference: `Patient/${lane.patientId}` }, status: 'accepted' }],
      });
  if (answer.status >= 300) {
    failures += 1;
    return;
  }
  changesMade += 1;
  lane.appointmentId = lane.appointmentId ? null : (answer.body.id as string);
}

/** As many changes as `lanes` make one after another each, for `ms`: changes per second. */
async function saturate(lanes: Lane[], ms: number) {
  const before = changesMade;
  const until = performance.now() + ms;
  await Promise.all(
    lanes.map(async (lane) => {
      while (performance.now() < until) {
        await change(lane);
      }
    }),
  );
  return ((changesMade - before) * 1000) / ms;
}

/** `perSecond` changes a second for `ms`, each on the next idle lane; answers how many were late. */
async function paced(lanes: Lane[], perSecond: number, ms: number) {
  const busy = new Set<Lane>();
  const started = performance.now();
  let sent = 0;
  let late = 0;
  const running: Promise<void>[] = [];
  while (performance.now() - started < ms) {
    const due = Math.floor(((performance.now() - started) * perSecond) / 1000);
    while (sent < due) {
      const lane = lanes.find((candidate) => !busy.has(candidate));
      if (!lane) {
        late += 1;
        break;
      }
      busy.add(lane);
      running.push(change(lane).finally(() => busy.delete(lane)));
      sent += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(running);
  return { sent, late };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

let readsMade = 0;

/** `connections` loops reading patients through the FHIR face for `ms`: reads per second. */
async function reads(patientIds: string[], ms: number) {
  const before = readsMade;
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: connections }, async (_, loop) => {
      for (let next = loop; performance.now() < until; next += connections) {
        const answer = await call('GET', `${FHIR}/Patient/${patientIds[next % patientIds.length]}`);
        if (answer.status >= 300) {
          failures += 1;
        } else {
          readsMade += 1;
        }
      }
    }),
  );
  return ((readsMade - before) * 1000) / ms;
}

/** The load (`rate` changes a second) with the request path's reads as fast as they go. */
async function besideChanges(changeLanes: Lane[], patientIds: string[], ms: number) {
  const [pacedRun, readsPerSecond] = await Promise.all([
    paced(changeLanes, rate, ms),
    reads(patientIds, ms),
  ]);
  return { pacedRun, readsPerSecond };
}

/**
 * A pause before a measured phase, so the request log's writer has stored what the phase before
 * left in its buffer and both measured phases start alike.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5_000));

const percent = (after: number, before: number) => ((after - before) / before) * 100;
const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)} %`;

const receivers = await startReceivers(ENDPOINTS);
const lanes = await lanesFor(connections + rate);
const saturatingLanes = lanes.slice(0, connections);
const pacedLanes = lanes.slice(connections);
const patientIds = [...new Set(lanes.map((lane) => lane.patientId))];
try {
  console.log(`warming up, then ${seconds} s per phase (5 phases) on ${databaseName}`);
  await saturate(saturatingLanes, 2_000);
  await reads(patientIds, 2_000);
  await settle();
  const beforeWithout = changesMade;
  const without = await besideChanges(pacedLanes, patientIds, seconds * 1000);
  const besideWithout = changesMade - beforeWithout;
  const changesWithout = await saturate(saturatingLanes, seconds * 1000);

  for (const [index, url] of receivers.urls.entries()) {
    const registered = await call('POST', '/webhooks/endpoints', { url, events: EVENTS });
    receivers.useSecret(index, registered.body.secret as string);
  }
  const expectedFrom = changesMade;
  // The load alone: the delivery lag.
  const pacedRun = await paced(pacedLanes, rate, seconds * 1000);
  const pacedChanges = changesMade - expectedFrom;
  const awaitDeliveries = async (expected: number) => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const report = await receivers.report();
      if (Date.now() >= deadline || report.every((r) => r.arrivals.size >= expected)) {
        return report;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const lags = (await awaitDeliveries(pacedChanges)).flatMap((r) =>
    [...r.arrivals.values()].map((arrived) => arrived[0]!),
  );
  await settle();
  const beforeBeside = changesMade;
  const withEndpoints = await besideChanges(pacedLanes, patientIds, seconds * 1000);
  const besideWith = changesMade - beforeBeside;

  const changesWith = await saturate(saturatingLanes, seconds * 1000);
  const expected = changesMade - expectedFrom;
  const delivered = await awaitDeliveries(expected);

  const lost = delivered.reduce((sum, r) => sum + Math.max(0, expected - r.arrivals.size), 0);
  const doubled = delivered.reduce(
    (sum, r) => sum + [...r.arrivals.values()].filter((arrived) => arrived.length > 1).length,
    0,
  );
  const p95 = percentile(lags, 95);
  const readsChange = percent(withEndpoints.readsPerSecond, without.readsPerSecond);
  console.log(`
${ENDPOINTS} endpoints, ${rate} changes/s asked for ${seconds} s: ${pacedChanges} changes (${pacedRun.late} ticks found every lane busy)
delivery lag        p50 ${percentile(lags, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${Math.max(...lags).toFixed(0)} ms  (target p95 ≤ ${LAG_TARGET_MS} ms: ${p95 <= LAG_TARGET_MS ? 'pass' : 'FAIL'})
events lost/doubled ${lost}/${doubled} over ${expected} changes × ${ENDPOINTS} endpoints; ${delivered.reduce((s, r) => s + r.rejected, 0)} signatures refused  (target 0/0: ${lost + doubled === 0 ? 'pass' : 'FAIL'})
request path        ${without.readsPerSecond.toFixed(1)} reads/s beside ${rate} changes/s without endpoints, ${withEndpoints.readsPerSecond.toFixed(1)} with ${ENDPOINTS} delivering them (${signed(readsChange)}; target within 10 %: ${Math.abs(readsChange) <= 10 ? 'pass' : 'FAIL'}), ${connections} in flight; changes made beside them ${besideWithout} and ${besideWith}
changes as fast     ${changesWithout.toFixed(1)} changes/s without endpoints, ${changesWith.toFixed(1)} with every change delivered to ${ENDPOINTS} (${signed(percent(changesWith, changesWithout))}; no target: ${ENDPOINTS} deliveries a change at the highest rate)
failed requests     ${failures}`);
} finally {
  await app.close();
  await dispose();
  receivers.close();
}
