import { ArrowLeft, FileQuestionMark } from 'lucide-react';
import { Link, useLocation } from 'react-router';

import { documentTitle } from '@/components/page';
import { Button } from '@/components/ui/button';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <div className="flex flex-col items-center justify-center gap-4 py-20 text-center">
      <title>{documentTitle('Page Not Found')}</title>
      <FileQuestionMark aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="text-2xl font-semibold tracking-tight">Page Not Found</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        There is no page at <code className="font-mono break-all">{pathname}</code>. It may have
        moved, or the address may be mistyped.
      </p>
      <Button asChild>
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Back to Dashboard
        </Link>
      </Button>
    </div>
  );
}
