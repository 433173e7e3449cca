import { useId } from 'react';

import { CopyButton } from '@/components/copy-button';
import { Callout } from '@/components/ui/callout';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** A one-time password as the admin API hands it over: shown here once, with a copy button. */
export function OneTimePassword({ username, password }: { username: string; password: string }) {
  const id = useId();
  return (
    <div className="space-y-3">
      <div className="space-y-2">
        <Label htmlFor={id}>One-time password for {username}</Label>
        <div className="flex items-center gap-2">
          <Input
            id={id}
            value={password}
            readOnly
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton
            text={password}
            label="Copy one-time password"
            successMessage="One-time password copied to clipboard"
            failureMessage="Failed to copy the one-time password"
          />
        </div>
      </div>
      <Callout variant="warning">
        <p>
          Copy it now and give it to {username} in person or over a trusted channel. It cannot be
          displayed again. They must choose their own password when they first sign in with it.
        </p>
      </Callout>
    </div>
  );
}
