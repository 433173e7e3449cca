import { SSO_REFUSALS, type SsoRefusal } from '@ehr-gateway/contracts';
import { ShieldX } from 'lucide-react';

import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/**
 * The page a refused single sign-on lands on: why, in words, and the two ways on. No session was
 * opened; the identity provider's session is untouched.
 */
export function SsoRefusedScreen({
  reason,
  displayName,
  loginUrl,
  onBack,
}: {
  reason: SsoRefusal;
  displayName: string | null;
  loginUrl: string | null;
  onBack: () => void;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center gap-3 pb-4 text-center">
          <div className="flex size-11 items-center justify-center rounded-lg bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300">
            <ShieldX aria-hidden="true" className="size-6" />
          </div>
          <h1 className="text-xl font-semibold">Sign-in refused</h1>
          <CardDescription role="alert">{SSO_REFUSALS[reason]}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="text-sm text-muted-foreground">
            {reason === 'no-mapped-group' || reason === 'domain-not-allowed'
              ? 'Your administrator decides who may use this console through the identity provider’s groups. Ask them for access, then sign in again.'
              : 'Nothing was signed in. You can try again or sign in another way.'}
          </p>
          {loginUrl && (
            <a href={loginUrl} className={buttonVariants({ className: 'w-full' })}>
              Try again with {displayName}
            </a>
          )}
          <Button variant="ghost" className="w-full" onClick={onBack}>
            Back to sign-in
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
