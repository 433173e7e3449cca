import { ArrowLeft, LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * Sign-in's second step, after the right password: the authenticator app's code or one of the
 * recovery codes. Spaces are dropped (apps show "123 456").
 */
export function SecondFactorCodeForm({
  username,
  error,
  pending,
  onSubmit,
  onBack,
}: {
  username: string;
  error: string | null;
  pending: boolean;
  onSubmit: (code: string) => void;
  onBack: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = code.replace(/\s/g, '');
    setMissing(!trimmed);
    if (trimmed && !pending) {
      onSubmit(trimmed);
    }
  }

  const message = missing ? 'Enter the code from your authenticator app.' : error;
  return (
    <form className="space-y-4" onSubmit={handleSubmit} noValidate>
      <p className="text-sm text-muted-foreground">
        Signing in as <span className="font-medium text-foreground">{username}</span>. Open your
        authenticator app and enter the code it shows for EHR API Gateway.
      </p>
      {message && (
        <Callout variant="error" role="alert">
          <p>{message}</p>
        </Callout>
      )}
      <div className="space-y-2">
        <Label htmlFor={`${id}-code`}>Code</Label>
        <Input
          id={`${id}-code`}
          name="code"
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-describedby={`${id}-hint`}
          className="font-mono tracking-widest"
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          No phone? Enter one of your recovery codes instead; each works once.
        </p>
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
        Verify
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
    </form>
  );
}
