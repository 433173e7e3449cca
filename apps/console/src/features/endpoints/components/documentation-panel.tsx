import { CONSOLE_PATHS } from '@ehr-gateway/contracts';
import { FileQuestion, ListTree } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';

import { useScrollTarget } from '../lib/use-scroll-target';
import { Link, useLocation, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ATHENA_SETUP_ANCHOR, ENDPOINTS_SEARCH } from '@/lib/console-links';
import { cn } from '@/lib/utils';

import { useOpenApiDocument } from '../api/get-openapi-document';
import {
  DOC_TABS,
  docsByTab,
  type DocsByTab,
  type DocTab,
  type EndpointDoc,
} from '../lib/doc-tabs';

import { AuthenticationDocs } from './authentication-docs';
import { EndpointCard } from './endpoint-card';
import { EndpointIndex } from './endpoint-index';
import { FhirDocs } from './fhir-docs';

/** The first section documenting the operation an anchor names (`#listPatients`). */
function tabOfAnchor(docs: DocsByTab, anchor: string): DocTab | undefined {
  return DOC_TABS.find(
    ({ value }) => value !== 'authentication' && docs[value].some((doc) => doc.anchor === anchor),
  )?.value;
}

export interface DocumentationPanelProps {
  practiceId: string;
  search?: string;
  origin?: string;
  /** The section asked for (the route's `?docs=`); else the first with matches, else Common. */
  tab?: DocTab;
  onTabChange?: (tab: DocTab) => void;
  athenaConfigured?: boolean;
  /** athena's practice, for athena examples. */
  athenaPracticeId?: string | null;
  /** Opens the API tester with an operation's example request. */
  onTryInTester?: (doc: EndpointDoc) => void;
}

export function DocumentationPanel({
  practiceId,
  search,
  origin = window.location.origin,
  tab,
  onTabChange,
  athenaConfigured = true,
  athenaPracticeId = null,
  onTryInTester,
}: DocumentationPanelProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const anchor = decodeURIComponent(location.hash.slice(1));
  const { data: document, isPending, isError } = useOpenApiDocument();
  const docs = useMemo(
    () =>
      docsByTab(
        document,
        {
          origin,
          practiceId,
          athenaPracticeId,
          defaultSource: athenaConfigured ? 'athena' : 'mock',
        },
        search,
      ),
    [document, origin, practiceId, athenaPracticeId, athenaConfigured, search],
  );
  const [chosenTab, setChosenTab] = useState<DocTab>();
  const [indexOpen, setIndexOpen] = useState(false);
  const searching = Boolean(search?.trim());
  // The section asked for; else the one a deep link (`#listPatients`) names; with a search, the
  // first with matches.
  const activeTab: DocTab =
    tab ??
    chosenTab ??
    ((anchor && tabOfAnchor(docs, anchor)) ||
      (searching &&
        DOC_TABS.find(({ value }) => value !== 'authentication' && docs[value].length)?.value) ||
      'common');

  // A tab reports itself on pointer-down and again on the focus that follows: report it once,
  // until the section asked for changes (Back).
  const reported = useRef<DocTab | undefined>(undefined);
  useEffect(() => {
    reported.current = undefined;
  }, [tab]);
  function changeTab(next: DocTab) {
    if (next === activeTab || next === reported.current) {
      return;
    }
    reported.current = next;
    setChosenTab(next);
    onTabChange?.(next);
  }

  /** Opens the operation's section and card, as its own history entry. */
  function openOperation(next: DocTab, doc: EndpointDoc) {
    setChosenTab(next);
    setIndexOpen(false);
    const params = new URLSearchParams(location.search);
    params.set(ENDPOINTS_SEARCH.docsTab, next);
    void navigate({ search: `?${params.toString()}`, hash: doc.anchor });
  }

  const linkTo = (section: DocTab, doc: EndpointDoc) =>
    `${origin}${CONSOLE_PATHS.endpoints}?${ENDPOINTS_SEARCH.docsTab}=${section}#${doc.anchor}`;

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
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <aside className="lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:self-start lg:overflow-y-auto lg:pr-1">
            <Button
              variant="outline"
              size="sm"
              className="lg:hidden"
              aria-expanded={indexOpen}
              aria-controls="endpoint-index"
              onClick={() => setIndexOpen((open) => !open)}
            >
              <ListTree aria-hidden="true" />
              {indexOpen ? 'Hide endpoint index' : 'Endpoint index'}
            </Button>
            <div
              id="endpoint-index"
              className={cn('mt-3 lg:mt-0 lg:block', indexOpen ? 'block' : 'hidden')}
            >
              {isPending ? (
                <Skeleton className="h-64 w-full" />
              ) : (
                <EndpointIndex
                  docs={docs}
                  activeTab={activeTab}
                  activeAnchor={anchor}
                  onSelect={openOperation}
                />
              )}
            </div>
          </aside>
          <Tabs value={activeTab} onValueChange={(value) => changeTab(value as DocTab)}>
            <div>
              <TabsList
                aria-label="Documentation sections"
                className="h-auto flex-wrap justify-start"
              >
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
                {/* The FHIR bases and what they serve, then a card per FHIR route. */}
                {value === 'fhir' && !searching && (
                  <FhirDocs
                    origin={origin}
                    practiceId={practiceId}
                    athenaPracticeId={athenaPracticeId}
                    athenaConfigured={athenaConfigured}
                  />
                )}
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
                        <AthenaSetup
                          configured={athenaConfigured}
                          targetKey={anchor === ATHENA_SETUP_ANCHOR ? location.key : undefined}
                        />
                      </>
                    )}
                    {value === 'mock' && (
                      <p className="text-sm text-muted-foreground">
                        The mock EHR answers from built-in sample data. Mock EHR calls need source
                        set to &lsquo;mock&rsquo; (<code className="font-mono">?source=mock</code>).
                      </p>
                    )}
                    {docs[value].map((doc) => (
                      <EndpointCard
                        key={doc.key}
                        doc={doc}
                        link={linkTo(value, doc)}
                        targetKey={doc.anchor === anchor ? location.key : undefined}
                        onTryInTester={onTryInTester}
                      />
                    ))}
                  </>
                )}
              </TabsContent>
            ))}
          </Tabs>
        </div>
      </CardContent>
    </Card>
  );
}

/** How athena is connected; said as a warning while it is not. */
function AthenaSetup({ configured, targetKey }: { configured: boolean; targetKey?: string }) {
  const ref = useScrollTarget<HTMLDivElement>(targetKey, { focus: false });
  return (
    <div
      ref={ref}
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
