import { QUOTA_MAX, RATE_LIMIT_MAX } from '@ehr-gateway/contracts';
import { useId } from 'react';

import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface LimitValues {
  /** Text as typed: empty means the gateway default (rate) or none (quota). */
  rateLimit: string;
  quota: string;
}

/** A whole number in range, null for empty, or a message saying what is wrong. */
export function parseLimit(text: string, max: number): number | null | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') {
    return null;
  }
  const value = Number(trimmed);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    return { error: `Enter a whole number from 1 to ${max.toLocaleString()}, or leave it empty.` };
  }
  return value;
}

/** Both limits as numbers (null: empty), or null while either is invalid. */
export function parseLimits(
  values: LimitValues,
): { rateLimit: number | null; quota: number | null } | null {
  const rateLimit = parseLimit(values.rateLimit, RATE_LIMIT_MAX);
  const quota = parseLimit(values.quota, QUOTA_MAX);
  if (typeof rateLimit === 'object' && rateLimit !== null) {
    return null;
  }
  if (typeof quota === 'object' && quota !== null) {
    return null;
  }
  return { rateLimit, quota };
}

const errorOf = (parsed: ReturnType<typeof parseLimit>) =>
  parsed !== null && typeof parsed === 'object' ? parsed.error : null;

export function LimitFields({
  value,
  onChange,
}: {
  value: LimitValues;
  onChange: (value: LimitValues) => void;
}) {
  const id = useId();
  const rateError = errorOf(parseLimit(value.rateLimit, RATE_LIMIT_MAX));
  const quotaError = errorOf(parseLimit(value.quota, QUOTA_MAX));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid content-start gap-2">
        <Label htmlFor={`${id}-rate`}>Rate limit (requests per minute)</Label>
        <Input
          id={`${id}-rate`}
          inputMode="numeric"
          placeholder="Gateway default"
          value={value.rateLimit}
          aria-invalid={rateError ? true : undefined}
          aria-describedby={`${id}-rate-hint`}
          onChange={(event) => onChange({ ...value, rateLimit: event.currentTarget.value })}
        />
        <p id={`${id}-rate-hint`} className="text-xs text-muted-foreground">
          {rateError ?? 'Counted over any 60 seconds. Empty: the gateway default.'}
        </p>
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={`${id}-quota`}>Daily quota (requests per day)</Label>
        <Input
          id={`${id}-quota`}
          inputMode="numeric"
          placeholder="No quota"
          value={value.quota}
          aria-invalid={quotaError ? true : undefined}
          aria-describedby={`${id}-quota-hint`}
          onChange={(event) => onChange({ ...value, quota: event.currentTarget.value })}
        />
        <p id={`${id}-quota-hint`} className="text-xs text-muted-foreground">
          {quotaError ?? 'Resets at 00:00 UTC. Empty: no quota.'}
        </p>
      </div>
    </div>
  );
}
