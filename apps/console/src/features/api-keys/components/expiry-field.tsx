import { useId } from 'react';

import { SelectField } from '@/components/select-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const DAY_MS = 24 * 60 * 60 * 1000;

export const EXPIRY_OPTIONS = [
  { value: 'never', label: 'Never', days: null },
  { value: '30', label: 'In 30 days', days: 30 },
  { value: '90', label: 'In 90 days', days: 90 },
  { value: '365', label: 'In 1 year', days: 365 },
  { value: 'custom', label: 'On a date…', days: null },
] as const;

export type ExpiryChoice = (typeof EXPIRY_OPTIONS)[number]['value'];

export interface ExpiryValue {
  choice: ExpiryChoice;
  /** yyyy-mm-dd, for the custom choice: the key stops working at the end of that day (UTC). */
  date: string;
}

/** The expiresAt to send, or an error when the custom date is missing or not in the future. */
export function expiresAtFor(
  value: ExpiryValue,
  now = Date.now(),
): { expiresAt: string | null } | { error: string } {
  if (value.choice === 'custom') {
    const end = Date.parse(`${value.date}T23:59:59Z`);
    if (!value.date || Number.isNaN(end)) {
      return { error: 'Pick the date the key stops working.' };
    }
    if (end <= now) {
      return { error: 'The date must be in the future.' };
    }
    return { expiresAt: new Date(end).toISOString() };
  }
  const days = EXPIRY_OPTIONS.find((option) => option.value === value.choice)?.days ?? null;
  return { expiresAt: days === null ? null : new Date(now + days * DAY_MS).toISOString() };
}

export function ExpiryField({
  value,
  onChange,
}: {
  value: ExpiryValue;
  onChange: (value: ExpiryValue) => void;
}) {
  const id = useId();
  const result = expiresAtFor(value);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        id={`${id}-expiry`}
        label="Expires"
        value={value.choice}
        options={EXPIRY_OPTIONS}
        onChange={(choice) => onChange({ ...value, choice })}
        className="content-start"
      />
      {value.choice === 'custom' && (
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-date`}>Last day (UTC)</Label>
          <Input
            id={`${id}-date`}
            type="date"
            value={value.date}
            aria-invalid={'error' in result ? true : undefined}
            aria-describedby={`${id}-date-hint`}
            onChange={(event) => onChange({ ...value, date: event.currentTarget.value })}
          />
          <p id={`${id}-date-hint`} className="text-xs text-muted-foreground">
            {'error' in result ? result.error : 'The key works until the end of this day.'}
          </p>
        </div>
      )}
    </div>
  );
}
