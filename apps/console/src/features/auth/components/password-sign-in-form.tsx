import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SECOND_FACTOR_ERRORS } from '@ehr-gateway/contracts';

import { isApiError, NetworkError } from '@/lib/api-client';
import { UNEXPECTED_ERROR_MESSAGE } from '@/lib/query-client';

import { useSignIn } from '../api/sign-in';
import { SecondFactorCodeForm } from './second-factor-code-form';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';

/** The gateway asks for the second step: the password was right. */
const asksForCode = (error: unknown) =>
  isApiError(error, 401) && error.body?.code === SECOND_FACTOR_ERRORS.required;

function signInErrorMessage(error: unknown): string {
  if (isApiError(error, 401) && error.body?.code === SECOND_FACTOR_ERRORS.invalid) {
    return 'That code is wrong or was already used. Wait for the next one and try again.';
  }
  if (isApiError(error, 401)) {
    return INVALID_CREDENTIALS_MESSAGE;
  }
  if (isApiError(error, 429)) {
    return error.body?.message ?? 'Too many failed sign-in attempts. Please wait and try again.';
  }
  if (isApiError(error, 400)) {
    return 'Enter your username and password.';
  }
  if (error instanceof NetworkError) {
    return 'Could not reach the gateway. Check that it is running and try again.';
  }
  return UNEXPECTED_ERROR_MESSAGE;
}

/** Username and password (and, in `sso` mode, only the break-glass administrator's). */
export function PasswordSignInForm({ autoFocus = true }: { autoFocus?: boolean }) {
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missingFields, setMissingFields] = useState(false);
  const [codeStep, setCodeStep] = useState(false);
  const signIn = useSignIn();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim() || !password) {
      setMissingFields(true);
      return;
    }
    setMissingFields(false);
    signIn.mutate(
      { username: username.trim(), password },
      { onError: (error) => setCodeStep(asksForCode(error)) },
    );
  }

  if (codeStep) {
    return (
      <SecondFactorCodeForm
        username={username.trim()}
        pending={signIn.isPending}
        error={
          signIn.isError && !asksForCode(signIn.error) ? signInErrorMessage(signIn.error) : null
        }
        onSubmit={(code) => signIn.mutate({ username: username.trim(), password, code })}
        onBack={() => {
          setCodeStep(false);
          setPassword('');
          signIn.reset();
        }}
      />
    );
  }

  const errorMessage = missingFields
    ? 'Enter your username and password.'
    : signIn.isError
      ? signInErrorMessage(signIn.error)
      : null;

  return (
    <form className="space-y-4" onSubmit={handleSubmit} noValidate>
      {errorMessage && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{errorMessage}</span>
        </div>
      )}
      <div className="space-y-2">
        <Label htmlFor={`${id}-username`}>Username</Label>
        <Input
          id={`${id}-username`}
          name="username"
          autoComplete="username"
          autoFocus={autoFocus}
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <Input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
        Sign in
      </Button>
    </form>
  );
}
