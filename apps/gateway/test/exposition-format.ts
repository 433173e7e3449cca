/**
 * A strict reading of Prometheus's text exposition format (version 0.0.4): every line a HELP, a
 * TYPE or a sample; every sample of a declared family; label values quoted and escaped; numbers
 * parseable; histogram buckets cumulative and ending at +Inf with `_count` equal to it.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: (-?\\d+))?$`);
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"\s*(,|$)/y;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** As Prometheus reads it (Go's ParseFloat): Inf and NaN in any case. */
function parseValue(text: string): number {
  const lower = text.toLowerCase();
  if (lower === '+inf' || lower === 'inf') {
    return Infinity;
  }
  if (lower === '-inf') {
    return -Infinity;
  }
  if (lower === 'nan') {
    return NaN;
  }
  const value = Number(text);
  if (text.trim() === '' || Number.isNaN(value)) {
    throw new Error(`not a number: ${text}`);
  }
  return value;
}

function parseLabels(text: string | undefined): Record<string, string> {
  const labels: Record<string, string> = {};
  if (!text) {
    return labels;
  }
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const start = LABEL.lastIndex;
    const match = LABEL.exec(text);
    if (!match || match.index !== start) {
      throw new Error(`bad labels: {${text}}`);
    }
    labels[match[1]!] = match[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    if (match[3] === '') {
      break;
    }
  }
  return labels;
}

export function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line === '') {
      continue;
    }
    const where = `line ${index + 1}: ${line}`;
    if (line.startsWith('# HELP ')) {
      if (!new RegExp(`^# HELP ${NAME} .*$`).test(line)) {
        throw new Error(`bad HELP, ${where}`);
      }
      continue;
    }
    if (line.startsWith('# TYPE ')) {
      const [, , name, type] = line.split(' ');
      if (!name || !type || !TYPES.has(type) || types.has(name)) {
        throw new Error(`bad TYPE, ${where}`);
      }
      types.set(name, type);
      continue;
    }
    if (line.startsWith('#')) {
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) {
      throw new Error(`bad sample, ${where}`);
    }
    const name = match[1]!;
    const family = [name, name.replace(/_(bucket|sum|count)$/, '')].find((n) => types.has(n));
    if (!family) {
      throw new Error(`sample of an undeclared family, ${where}`);
    }
    samples.push({ name, labels: parseLabels(match[2]), value: parseValue(match[3]!) });
  }
  for (const [family, type] of types) {
    if (type !== 'histogram') {
      continue;
    }
    const series = new Map<string, Sample[]>();
    for (const sample of samples.filter((s) => s.name === `${family}_bucket`)) {
      const { le, ...rest } = sample.labels;
      if (le === undefined) {
        throw new Error(`${family}_bucket without le`);
      }
      const key = JSON.stringify(rest);
      series.set(key, [...(series.get(key) ?? []), sample]);
    }
    for (const [key, buckets] of series) {
      const values = buckets.map((b) => b.value);
      if (values.some((v, i) => i > 0 && v < values[i - 1]!)) {
        throw new Error(`${family} buckets not cumulative for ${key}`);
      }
      const last = buckets[buckets.length - 1]!;
      if (last.labels.le !== '+Inf') {
        throw new Error(`${family} lacks +Inf for ${key}`);
      }
      const count = samples.find(
        (s) => s.name === `${family}_count` && JSON.stringify(s.labels) === key,
      );
      if (count?.value !== last.value) {
        throw new Error(`${family}_count ≠ +Inf bucket for ${key}`);
      }
    }
  }
  return { types, samples };
}
