import {
  encodeSlotId,
  SAMPLE_PATIENT as PRACTICE_SAMPLE_PATIENT,
  SAMPLE_PROVIDER_WORKDAYS,
} from '@ehr-gateway/synthetic-practice';

import type { JsonSchema, Operation } from './openapi';

/** Dates as YYYY-MM-DD in the browser's time zone. */
export function isoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The next weekday after `from` (Saturday, Sunday and any `skipDays`, 0 = Sunday, left out). */
export function nextWeekday(from: Date = new Date(), skipDays: number[] = []): string {
  const date = new Date(from);
  do {
    date.setDate(date.getDate() + 1);
  } while ([0, 6, ...skipDays].includes(date.getDay()));
  return isoDate(date);
}

/**
 * The synthetic practice's sample patient in the gateway's query field names, so aggregation
 * examples work against source=mock out of the box.
 */
export const SAMPLE_PATIENT = {
  firstname: PRACTICE_SAMPLE_PATIENT.firstName,
  lastname: PRACTICE_SAMPLE_PATIENT.lastName,
  dob: PRACTICE_SAMPLE_PATIENT.dob,
  departmentid: String(PRACTICE_SAMPLE_PATIENT.departmentId),
  providerid: String(PRACTICE_SAMPLE_PATIENT.providerId),
  appointmenttypeid: String(PRACTICE_SAMPLE_PATIENT.appointmentTypeId),
} as const;

/** The next day after `today` the sample patient's provider works (open slots in both EHRs). */
export function nextSampleClinicDay(today: Date = new Date()): string {
  const offDays = [0, 1, 2, 3, 4, 5, 6].filter((day) => !SAMPLE_PROVIDER_WORKDAYS.includes(day));
  return nextWeekday(today, offDays);
}

export const DEFAULT_TENANT_ID = 1;

/**
 * The sample provider's first morning slot on the next day they work: an appointment id both
 * EHRs answer for (as the booked appointment or the open slot), whenever the example is read.
 */
export function sampleAppointmentId(today: Date = new Date()): string {
  return encodeSlotId(PRACTICE_SAMPLE_PATIENT.providerId, nextSampleClinicDay(today), '08:00');
}

const shortId = () => crypto.randomUUID().slice(0, 6);

/**
 * Fields stored under a unique constraint: each example gets its own value, so trying one
 * example after another never answers 409 for a name an earlier one took.
 */
const UNIQUE_EXAMPLES: Record<string, () => string> = {
  name: () => `Demo Clinic ${shortId()}`,
  code: () => `DEMO-${shortId().toUpperCase()}`,
  appointmentid: () => sampleAppointmentId(),
};

/** Example values by field name (case-insensitive), used before falling back to the schema. */
const NAMED_EXAMPLES: Record<string, unknown> = {
  firstname: SAMPLE_PATIENT.firstname,
  lastname: SAMPLE_PATIENT.lastname,
  dob: SAMPLE_PATIENT.dob,
  departmentid: SAMPLE_PATIENT.departmentid,
  providerid: SAMPLE_PATIENT.providerid,
  appointmenttypeid: SAMPLE_PATIENT.appointmenttypeid,
  patientid: '1001',
  startdate: '2026-03-02',
  enddate: '2026-03-06',
  date: '2026-03-02',
  email: 'linda.wright@example.com',
  phone: '3125550142',
  sex: 'F',
  gender: 'F',
  city: 'Chicago',
  state: 'IL',
  zip: '60675',
  tenantid: DEFAULT_TENANT_ID,
  tenant_id: DEFAULT_TENANT_ID,
  key: 'greeting',
  value: 'Thank you for calling Demo Health Network.',
  message: 'Hello from the API tester',
  format: 'yyyy-MM-dd HH:mm',
  match_type: 'partial',
  limit_per_entity: 10,
};

function namedExample(name: string | undefined): unknown {
  if (name === undefined) {
    return undefined;
  }
  const key = name.toLowerCase();
  return UNIQUE_EXAMPLES[key]?.() ?? NAMED_EXAMPLES[key];
}

/** A plausible value for a schema: its example or default, a named example, or a typed filler. */
export function sampleFromSchema(
  schema: JsonSchema | undefined,
  name?: string,
  depth = 0,
): unknown {
  if (!schema || depth > 6) {
    return null;
  }
  const named = namedExample(name);
  const isString =
    schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
  if (named !== undefined && (isString || typeof named !== 'string')) {
    return isString && typeof named !== 'string' ? String(named) : named;
  }
  if (schema.example !== undefined) {
    return schema.example;
  }
  if (schema.examples?.length) {
    return schema.examples[0];
  }
  if (schema.default !== undefined) {
    return schema.default;
  }
  if (schema.const !== undefined) {
    return schema.const;
  }
  if (schema.enum?.length) {
    return schema.enum[0];
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const variant = variants.find((candidate) => candidate.type !== 'null') ?? variants[0];
    return sampleFromSchema(variant, name, depth + 1);
  }
  const type = Array.isArray(schema.type)
    ? (schema.type.find((candidate) => candidate !== 'null') ?? 'null')
    : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [
          key,
          sampleFromSchema(property, key, depth + 1),
        ]),
      );
    case 'array':
      return schema.items ? [sampleFromSchema(schema.items, name, depth + 1)] : [];
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && schema.minimum > 1 ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return stringSample(schema, name);
    default:
      return schema.properties ? sampleFromSchema({ ...schema, type: 'object' }, name, depth) : {};
  }
}

function stringSample(schema: JsonSchema, name?: string): string {
  if (schema.format === 'date-time' || /(At|time|timestamp)$/i.test(name ?? '')) {
    return '2026-03-02T14:30:00.000Z';
  }
  if (schema.format === 'email') {
    return 'linda.wright@example.com';
  }
  if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') {
    return '2026-03-02';
  }
  if (schema.pattern?.startsWith('^\\d')) {
    return '1';
  }
  if (name && /id$/i.test(name)) {
    return '1';
  }
  return name ? `example ${name}` : 'string';
}

/** Example query values for a documented operation: required ones, plus `source` if present. */
export function exampleQuery(
  operation: Operation,
  source?: string,
): Record<string, string> | undefined {
  const query: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query') {
      continue;
    }
    if (parameter.name === 'source' && source) {
      query.source = source;
    } else if (parameter.required) {
      query[parameter.name] = String(sampleFromSchema(parameter.schema, parameter.name));
    }
  }
  return Object.keys(query).length ? query : undefined;
}

/** The operation's path with its `{placeholders}` filled. */
export function examplePath(operation: Operation, practiceId: string): string {
  return operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (name === 'practiceId') {
      return practiceId;
    }
    const parameter = operation.parameters.find((candidate) => candidate.name === name);
    return encodeURIComponent(String(sampleFromSchema(parameter?.schema, name)));
  });
}

export function queryString(params: Record<string, string> | undefined): string {
  const pairs = Object.entries(params ?? {}).map(
    ([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export interface SampleRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** A curl command for the request, ready to paste (with a placeholder key). */
export function curlCommand({ method, url, headers, body }: SampleRequest): string {
  const lines = [`curl -X ${method} ${shellQuote(url)}`];
  for (const [name, value] of Object.entries(headers)) {
    lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (body !== undefined) {
    lines.push(`  -d ${shellQuote(JSON.stringify(body, null, 2))}`);
  }
  return lines.join(' \\\n');
}

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
};

/** An HTTP answer built from the success response's schema. */
export function sampleResponse(operation: Operation, curated?: unknown): string {
  const statusLine =
    `HTTP/1.1 ${operation.successStatus} ${STATUS_TEXT[operation.successStatus] ?? ''}`.trim();
  if (operation.successStatus === '204') {
    return statusLine;
  }
  const body = curated ?? sampleFromSchema(operation.successSchema);
  return `${statusLine}\nContent-Type: application/json\n\n${JSON.stringify(body, null, 2)}`;
}
