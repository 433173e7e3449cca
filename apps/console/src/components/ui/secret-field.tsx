import { useId, type ReactNode } from 'react';

import { CopyButton } from '@/components/copy-button';

import { Input } from './input';
import { Label } from './label';

/**
 * A secret shown once, read-only and selected on focus, with a copy button. `name` is what the
 * copy button and its messages call it ("API key", "one-time password").
 */
export function SecretField({
  value,
  label,
  name,
}: {
  value: string;
  label: ReactNode;
  name: string;
}) {
  const id = useId();
  const capitalised = name.charAt(0).toUpperCase() + name.slice(1);
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          value={value}
          readOnly
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton
          text={value}
          label={`Copy ${name}`}
          successMessage={`${capitalised} copied to clipboard`}
          failureMessage={`Failed to copy the ${name}`}
        />
      </div>
    </div>
  );
}
