import { CircleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { Button } from '@/components/ui/button';

/** Last resort: a failed chunk download after a redeploy, or a bug in a screen. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <div className="max-w-md space-y-4 text-center">
        <CircleAlert
          aria-hidden="true"
          className="mx-auto size-10 text-red-700 dark:text-red-300"
        />
        <h1 className="text-xl font-semibold">Something went wrong</h1>
        <p className="text-sm text-muted-foreground">
          The console hit an unexpected problem. Reloading usually fixes it.
        </p>
        {detail && <p className="font-mono text-xs break-all text-muted-foreground">{detail}</p>}
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </main>
  );
}
