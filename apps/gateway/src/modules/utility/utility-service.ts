import type { CorsCheck, DatetimeInfo, DobValidation, TestEcho } from '@ehr-gateway/contracts';
import { differenceInYears, format as formatDate } from 'date-fns';

import { lastDayOfMonth, readTypedDate, toUsDate } from '@ehr-gateway/calendar';

import type { CorsPolicy } from '../../lib/cors-policy.js';
import { validationError } from '../../lib/http-errors.js';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const EARLIEST_BIRTH_YEAR = 1900;
// Resolving it builds an Intl formatter, which is too slow to do per request.
const LOCAL_TIMEZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export function validateDob(input: string, now: Date): DobValidation {
  const invalid = (reason: string): DobValidation => ({
    input,
    valid: false,
    isoDate: null,
    athenaDate: null,
    age: null,
    reason,
  });
  const parsed = readTypedDate(input);
  if (!parsed) {
    return invalid('Unrecognised date format: use YYYY-MM-DD or MM/DD/YYYY');
  }
  const { year, month, day } = parsed;
  if (month < 1 || month > 12) {
    return invalid(`There is no month ${month}: months run from 1 to 12`);
  }
  const daysInMonth = Number(lastDayOfMonth(year, month).slice(8));
  if (day < 1 || day > daysInMonth) {
    return invalid(`${MONTH_NAMES[month - 1]} ${year} has no day ${day}`);
  }
  const birth = new Date(year, month - 1, day);
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (birth > today) {
    return invalid('Date of birth is in the future');
  }
  if (year < EARLIEST_BIRTH_YEAR) {
    return invalid(`Date of birth is before ${EARLIEST_BIRTH_YEAR}`);
  }
  const isoDate = `${year}-${pad(month)}-${pad(day)}`;
  return {
    input,
    valid: true,
    isoDate,
    athenaDate: toUsDate(isoDate),
    age: differenceInYears(today, birth),
    reason: null,
  };
}

export function describeNow(now: Date, format: string | undefined): DatetimeInfo {
  let formatted: string | null = null;
  if (format) {
    try {
      formatted = formatDate(now, format);
    } catch (error) {
      throw validationError(
        'format',
        `not a valid date-fns format: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return {
    iso: now.toISOString(),
    athenaDate: formatDate(now, 'MM/dd/yyyy'),
    athenaTime: formatDate(now, 'HH:mm'),
    epochMs: now.getTime(),
    timezone: LOCAL_TIMEZONE,
    format: format ?? null,
    formatted,
  };
}

export function createUtilityService({
  cors,
  now = () => new Date(),
}: {
  cors: CorsPolicy;
  now?: () => Date;
}) {
  return {
    validateDob: (dob: string) => validateDob(dob, now()),
    datetime: (format: string | undefined) => describeNow(now(), format),
    /** `ownOrigin` is the gateway's as the caller reached it: pages it serves need no CORS. */
    corsCheck(origin: string | undefined, ownOrigin: string): CorsCheck {
      const answer = (allowed: boolean, reason: string): CorsCheck => ({
        origin: origin ?? null,
        allowed,
        reason,
        allowedOrigins: cors.allowedOrigins,
        headers: cors.responseHeaders(origin),
      });
      if (origin === undefined) {
        return answer(
          true,
          'No Origin header: a same-origin browser request or a client outside a browser, to which CORS does not apply.',
        );
      }
      if (origin === ownOrigin) {
        return answer(true, 'Same origin as the gateway: its own pages need no CORS.');
      }
      return cors.isAllowed(origin)
        ? answer(true, 'Listed in CORS_ORIGINS.')
        : answer(
            false,
            "Not in CORS_ORIGINS: browser pages on this origin cannot read the gateway's answers.",
          );
    },
    echo(input: { message?: string; data?: unknown }, requestId: string): TestEcho {
      return {
        message: input.message ?? null,
        data: input.data ?? null,
        receivedAt: now().toISOString(),
        requestId,
      };
    },
  };
}

export type UtilityService = ReturnType<typeof createUtilityService>;
