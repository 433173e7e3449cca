import type { FastifyRequest } from 'fastify';

import type { IsoDate } from '@ehr-gateway/calendar';

import { invalidFields, missingFields } from './errors.js';
import { isTruthyFlag, parseAthenaDate } from './wire-format.js';

type RawValue = unknown;

function firstText(value: RawValue): string | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  if (typeof single === 'string') {
    const text = single.trim();
    return text === '' ? undefined : text;
  }
  if (typeof single === 'number' || typeof single === 'boolean') {
    return String(single);
  }
  return undefined;
}

function collect(target: Map<string, string>, source: unknown) {
  if (!source || typeof source !== 'object' || Array.isArray(source)) {
    return;
  }
  for (const [key, value] of Object.entries(source as Record<string, RawValue>)) {
    const text = firstText(value);
    if (text !== undefined) {
      // athena's parameter names are case-insensitive (its `next` links even upper-case them).
      target.set(key.toLowerCase(), text);
    }
  }
}

/**
 * A request's parameters as athena reads them: query string and form body together (the body
 * wins), names case-insensitive, blank values absent. Invalid values answer athena-style 400s.
 */
export class Params {
  private readonly values = new Map<string, string>();

  constructor(request: Pick<FastifyRequest, 'query' | 'body'>) {
    collect(this.values, request.query);
    collect(this.values, request.body);
  }

  get(name: string): string | undefined {
    return this.values.get(name);
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  entries(): Array<[string, string]> {
    return [...this.values.entries()];
  }

  /** Throws the recorded missing-fields 400 naming every absent field. */
  require(...names: string[]): void {
    const missing = names.filter((name) => !this.values.has(name));
    if (missing.length) {
      throw missingFields(missing);
    }
  }

  flag(name: string): boolean {
    return isTruthyFlag(this.get(name));
  }

  /** A whole number within bounds; `max` clamps (as athena caps page sizes), below `min` is a 400. */
  int(name: string, options: { min?: number; max?: number } = {}): number | undefined {
    const text = this.get(name);
    if (text === undefined) {
      return undefined;
    }
    const { min = 0, max } = options;
    if (!/^-?\d+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) {
      throw invalidFields(
        [name],
        `Invalid value for ${name}.`,
        `${name} must be a whole number of at least ${min}.`,
      );
    }
    const value = Number(text);
    return max !== undefined && value > max ? max : value;
  }

  /** A numeric id, or a 400 naming the field. */
  id(name: string): number | undefined {
    const text = this.get(name);
    if (text === undefined) {
      return undefined;
    }
    if (!/^\d{1,15}$/.test(text)) {
      throw invalidFields([name], `Invalid ${name}.`, `${name} must be a numeric id.`);
    }
    return Number(text);
  }

  /** A comma-separated list of numeric ids (repeated ids are kept once). */
  idList(name: string): number[] | undefined {
    const text = this.get(name);
    if (text === undefined) {
      return undefined;
    }
    const parts = text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (!parts.length || parts.some((part) => !/^-?\d{1,15}$/.test(part))) {
      throw invalidFields(
        [name],
        `Invalid ${name}.`,
        `${name} must be a comma-separated list of numeric ids.`,
      );
    }
    return [...new Set(parts.map(Number))];
  }

  /** An mm/dd/yyyy date, or a 400 naming the field. */
  date(name: string): IsoDate | undefined {
    const text = this.get(name);
    if (text === undefined) {
      return undefined;
    }
    const date = parseAthenaDate(text);
    if (!date) {
      throw invalidFields([name], `Invalid date for ${name}.`, 'Dates are written mm/dd/yyyy.');
    }
    return date;
  }
}

/** The request's path without its query, as athena's next/previous links repeat it. */
export const requestPath = (request: Pick<FastifyRequest, 'url'>): string =>
  request.url.split('?')[0] ?? request.url;

/** A numeric id from the path, or null (callers answer 404, as for an unknown id). */
export const pathId = (value: string | undefined): string | null =>
  value !== undefined && /^\d{1,15}$/.test(value) ? String(Number(value)) : null;
