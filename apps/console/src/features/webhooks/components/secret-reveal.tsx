import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';

import { CopyButton } from '@/components/copy-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** A signing secret shown the one time the gateway answers with it, with a copy button. */
export function SecretReveal({ secret }: { secret: string }) {
  const id = useId();
  return (
    <div className="space-y-3">
      <div className="space-y-2">
        <Label htmlFor={id}>Signing secret</Label>
        <div className="flex items-center gap-2">
          <Input
            id={id}
            value={secret}
            readOnly
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton text={secret} label="Copy signing secret" />
        </div>
      </div>
      <p
        role="note"
        className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Copy this secret now and give it to the receiver: it verifies every delivery with it. It
        cannot be displayed again.
      </p>
    </div>
  );
}
