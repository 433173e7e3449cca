import {
  asSsoRefusal,
  SSO_REFUSAL_PARAM,
  type SignInOptions,
  type SsoRefusal,
} from '@ehr-gateway/contracts';
import { Activity } from 'lucide-react';
import { useState } from 'react';

import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

import { useSignInOptions } from '../api/get-sign-in-options';
import { PasswordSignInForm } from './password-sign-in-form';
import { SsoRefusedScreen } from './sso-refused-screen';

export { INVALID_CREDENTIALS_MESSAGE } from './password-sign-in-form';

/** The refusal a single sign-on came back with (?sso_refused=reason), if any. */
function refusalInUrl(): SsoRefusal | null {
  return asSsoRefusal(new URLSearchParams(window.location.search).get(SSO_REFUSAL_PARAM));
}

function SsoSignIn({ sso }: { sso: NonNullable<SignInOptions['sso']> }) {
  return (
    <a href={sso.loginUrl} className={buttonVariants({ className: 'w-full' })}>
      Sign in with {sso.displayName}
    </a>
  );
}

function Divider({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-3 text-xs text-muted-foreground">
      <span className="h-px flex-1 bg-border" />
      {label}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

/** Shown in place of any screen while there is no session; the URL is left as it was. */
export function SignInScreen() {
  const { data: options } = useSignInOptions();
  const [refusal, setRefusal] = useState(refusalInUrl);
  const sso = options?.sso ?? null;

  if (refusal) {
    return (
      <SsoRefusedScreen
        reason={refusal}
        displayName={sso?.displayName ?? null}
        loginUrl={sso?.loginUrl ?? null}
        onBack={() => {
          const url = new URL(window.location.href);
          url.searchParams.delete(SSO_REFUSAL_PARAM);
          window.history.replaceState(window.history.state, '', url);
          setRefusal(null);
        }}
      />
    );
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center gap-3 pb-4 text-center">
          <div className="flex size-11 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <Activity aria-hidden="true" className="size-6" />
          </div>
          <h1 className="text-xl font-semibold">EHR API Gateway</h1>
          <CardDescription>Sign in to the admin console</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {sso && <SsoSignIn sso={sso} />}
          {sso && options?.passwordSignIn !== false && <Divider label="or with a password" />}
          {options?.passwordSignIn === false ? (
            <details className="text-sm">
              <summary className="cursor-pointer text-muted-foreground">
                Break-glass sign-in (administrators)
              </summary>
              <div className="pt-4">
                <PasswordSignInForm autoFocus={false} />
              </div>
            </details>
          ) : (
            <PasswordSignInForm autoFocus={!sso} />
          )}
        </CardContent>
      </Card>
    </main>
  );
}
