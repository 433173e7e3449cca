import { TOTP_DIGITS, type SecondFactorEnrolment as Enrolment } from '@ehr-gateway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, QrCode } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OneTimeSecretDialog } from '@/components/ui/one-time-secret-dialog';
import { isApiError } from '@/lib/api-client';
import { UNEXPECTED_ERROR_MESSAGE } from '@/lib/query-client';

import { useConfirmSecondFactorEnrolment } from '../api/confirm-second-factor-enrolment';
import { sessionQueryKey } from '../api/get-session';
import { useStartSecondFactorEnrolment } from '../api/start-second-factor-enrolment';

const CODE_PATTERN = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

function errorText(error: unknown) {
  return isApiError(error)
    ? (error.body?.message ?? UNEXPECTED_ERROR_MESSAGE)
    : UNEXPECTED_ERROR_MESSAGE;
}

/** The QR code, the secret for typing in, and the first code that confirms them. */
function ConfirmStep({
  enrolment,
  onConfirmed,
}: {
  enrolment: Enrolment;
  onConfirmed: (codes: string[]) => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const confirm = useConfirmSecondFactorEnrolment();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = code.replace(/\s/g, '');
    setInvalid(!CODE_PATTERN.test(trimmed));
    if (CODE_PATTERN.test(trimmed) && !confirm.isPending) {
      confirm.mutate(
        { code: trimmed },
        { onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes) },
      );
    }
  }

  const error = invalid
    ? `Enter the ${TOTP_DIGITS}-digit code your app shows.`
    : confirm.isError
      ? errorText(confirm.error)
      : null;
  return (
    <form className="space-y-4" onSubmit={handleSubmit} noValidate>
      <p className="text-sm">
        1. Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator,
        1Password, …).
      </p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt="QR code for your authenticator app"
        className="mx-auto size-48 rounded-md border bg-white p-2"
      />
      <div className="space-y-2">
        <Label htmlFor={`${id}-secret`}>Or type this key into the app</Label>
        <div className="flex items-center gap-2">
          <Input
            id={`${id}-secret`}
            value={enrolment.secret}
            readOnly
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton text={enrolment.secret} label="Copy setup key" />
        </div>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-code`}>2. Enter the code the app shows</Label>
        <Input
          id={`${id}-code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={TOTP_DIGITS + 2}
          value={code}
          aria-invalid={error !== null || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setCode(event.target.value)}
          className="font-mono tracking-widest"
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" disabled={confirm.isPending}>
        {confirm.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
        Turn On Two-Step Sign-In
      </Button>
    </form>
  );
}

/**
 * Enrolling the signed-in user's TOTP second factor: start (a new secret), scan or type it,
 * confirm with a code, then the recovery codes once. The session is refreshed only after
 * "I have saved it", so a screen that gates on enrolment stays until then.
 */
export function SecondFactorEnrolment() {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useStartSecondFactorEnrolment();
  const queryClient = useQueryClient();

  return (
    <div className="space-y-4">
      {start.data && !recoveryCodes ? (
        <ConfirmStep enrolment={start.data} onConfirmed={setRecoveryCodes} />
      ) : (
        <>
          {start.isError && (
            <Callout variant="error" role="alert">
              <p>{errorText(start.error)}</p>
            </Callout>
          )}
          <Button onClick={() => start.mutate()} disabled={start.isPending || !!recoveryCodes}>
            {start.isPending ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <QrCode aria-hidden="true" />
            )}
            Set Up Two-Step Sign-In
          </Button>
        </>
      )}
      <OneTimeSecretDialog
        values={recoveryCodes}
        title="Save Your Recovery Codes"
        description="Two-step sign-in is on. If you lose your phone, each of these codes signs you in once in place of a code from the app."
        label="Recovery codes"
        warning="Keep them somewhere safe, apart from your phone (a password manager, a printout). They cannot be displayed again."
        onSaved={() => {
          setRecoveryCodes(null);
          start.reset();
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        }}
      />
    </div>
  );
}
