import { FileQuestion } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link, useLocation } from 'react-router';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ATHENA_SETUP_ANCHOR } from '@/lib/console-links';

import { useOpenApiDocument } from '../api/get-openapi-document';
import { DOC_TABS, docsByTab, type DocTab } from '../lib/doc-tabs';

import { AuthenticationDocs } from './authentication-docs';
import { EndpointCard } from './endpoint-card';

export interface DocumentationPanelProps {
  practiceId: string;
  search?: string;
  origin?: string;
  /** The section asked for (the route's `?docs=`); else the first with matches, else Common. */
  tab?: DocTab;
  onTabChange?: (tab: DocTab) => void;
  athenaConfigured?: boolean;
}

export function DocumentationPanel({
  practiceId,
  search,
  origin = window.location.origin,
  tab,
  onTabChange,
  athenaConfigured = true,
}: DocumentationPanelProps) {
  const { hash } = useLocation();
  const { data: document, isPending, isError } = useOpenApiDocument();
  const docs = useMemo(
    () => docsByTab(document, { origin, practiceId }, search),
    [document, origin, practiceId, search],
  );
  const searching = Boolean(search?.trim());
  // With a search, open the first tab that has matches.
  const initialTab: DocTab =
    tab ??
    ((searching &&
      DOC_TABS.find(({ value }) => value !== 'authentication' && docs[value].length)?.value) ||
      'common');

  // A link to a paragraph (`#athena-setup`) scrolls to it once the documentation is shown.
  useEffect(() => {
    if (hash && !isPending) {
      window.document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
    }
  }, [hash, isPending, document]);

  return (
    <Card aria-labelledby="api-documentation-title">
      <CardHeader>
        <CardTitle id="api-documentation-title">API Documentation</CardTitle>
        <CardDescription>Overview of available endpoints and integration details</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {searching && (
          <p className="text-sm" role="status">
            Showing endpoints matching &ldquo;{search?.trim()}&rdquo;.{' '}
            <Link
              to="/endpoints"
              className="text-primary underline underline-offset-4 dark:text-blue-300"
            >
              Clear search
            </Link>
          </p>
        )}
        <Tabs
          key={`${search ?? ''}-${initialTab}`}
          defaultValue={initialTab}
          onValueChange={(value) => onTabChange?.(value as DocTab)}
        >
          <div className="overflow-x-auto pb-1">
            <TabsList aria-label="Documentation sections">
              {DOC_TABS.map(({ value, label }) => (
                <TabsTrigger key={value} value={value}>
                  {label}
                  {searching && value !== 'authentication' && !isPending && (
                    <span className="ml-1 text-xs">({docs[value].length})</span>
                  )}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          {DOC_TABS.map(({ value, label }) => (
            <TabsContent key={value} value={value} className="space-y-4">
              {value === 'authentication' ? (
                <AuthenticationDocs origin={origin} />
              ) : isPending ? (
                <div className="space-y-4" role="status">
                  <span className="sr-only">Loading {label}…</span>
                  <Skeleton className="h-40 w-full" />
                  <Skeleton className="h-40 w-full" />
                </div>
              ) : isError ? (
                <EmptyState icon={<FileQuestion />} title="The documentation could not be loaded">
                  The gateway&rsquo;s OpenAPI document (/openapi.json) did not load. Try again
                  later.
                </EmptyState>
              ) : docs[value].length === 0 ? (
                <EmptyState icon={<FileQuestion />} title="No endpoints found">
                  {searching
                    ? `No ${label} endpoint matches “${search?.trim()}”.`
                    : 'No endpoints are documented in this section.'}
                </EmptyState>
              ) : (
                <>
                  {value === 'athena' && (
                    <>
                      <p className="text-sm text-muted-foreground">
                        Athena is the default source (
                        <code className="font-mono">source=athena</code>): these routes call
                        athenahealth for the practice in the path, with the gateway&rsquo;s own
                        athena credentials, so clients only need an API key.
                      </p>
                      <AthenaSetup configured={athenaConfigured} />
                    </>
                  )}
                  {value === 'mock' && (
                    <p className="text-sm text-muted-foreground">
                      The mock EHR answers from built-in sample data. Mock EHR calls need source set
                      to &lsquo;mock&rsquo; (<code className="font-mono">?source=mock</code>).
                    </p>
                  )}
                  {docs[value].map((doc) => (
                    <EndpointCard key={doc.key} doc={doc} />
                  ))}
                </>
              )}
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}

/** How athena is connected; said as a warning while it is not. */
function AthenaSetup({ configured }: { configured: boolean }) {
  return (
    <div
      id={ATHENA_SETUP_ANCHOR}
      className={
        configured
          ? 'scroll-mt-24 rounded-md border p-3 text-sm text-muted-foreground'
          : 'scroll-mt-24 rounded-md border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100'
      }
    >
      <p className="font-medium">
        {configured ? 'Connecting athena' : 'Athena is not configured on this gateway'}
      </p>
      <p className="mt-1">
        Set <code className="font-mono">ATHENA_BASE_URL</code>,{' '}
        <code className="font-mono">ATHENA_CLIENT_ID</code>,{' '}
        <code className="font-mono">ATHENA_CLIENT_SECRET</code> and{' '}
        <code className="font-mono">ATHENA_PRACTICE_ID</code> and restart the gateway (see
        docs/operations.md); <code className="font-mono">npm run demo</code> starts it against the
        bundled athena sandbox.
        {configured
          ? ''
          : ' Until then these routes answer 503: call the Mock EHR with source=mock (its tab below).'}
      </p>
    </div>
  );
}
