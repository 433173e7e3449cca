import { DEFAULT_GATEWAY_CONFIG } from '@ehr-gateway/contracts';
import { useSearchParams } from 'react-router';

import { Page } from '@/components/page';
import { useEhrStatus } from '@/features/ehr-status/api/get-ehr-status';
import { EndpointsTabs, type EndpointsView } from '@/features/endpoints/components/endpoints-tabs';
import { DOC_TABS, type DocTab } from '@/features/endpoints/lib/doc-tabs';
import { useConfig } from '@/features/gateway-config/api/get-config';
import { ENDPOINTS_SEARCH, ENDPOINTS_VIEWS } from '@/lib/console-links';

const isDocTab = (value: string | null): value is DocTab =>
  DOC_TABS.some((tab) => tab.value === value);

export function EndpointsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The tester's presets and the docs' examples use the configured apiRoot and practice.
  const { data: config } = useConfig();
  const { data: ehrStatus } = useEhrStatus();
  const requestedView = searchParams.get(ENDPOINTS_SEARCH.view);
  const view: EndpointsView =
    Object.values(ENDPOINTS_VIEWS).find((name) => name === requestedView) ??
    ENDPOINTS_VIEWS.documentation;
  const requestedDocsTab = searchParams.get(ENDPOINTS_SEARCH.docsTab);

  /** Each view and section is its own history entry, so Back returns to the one before. */
  function show(name: string, value: string) {
    // A tab reports itself on pointer-down and again on the focus that follows: one entry. The
    // location, not the render's searchParams, already holds the first report.
    if (new URLSearchParams(window.location.search).get(name) === value) {
      return;
    }
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set(name, value);
      return next;
    });
  }

  return (
    <Page
      title="Endpoints"
      description="Read the gateway's endpoint documentation and try requests."
    >
      <EndpointsTabs
        search={searchParams.get('q') ?? undefined}
        apiRoot={config?.apiRoot ?? DEFAULT_GATEWAY_CONFIG.apiRoot}
        practiceId={config?.practiceId ?? DEFAULT_GATEWAY_CONFIG.practiceId}
        view={view}
        onViewChange={(next) => show(ENDPOINTS_SEARCH.view, next)}
        docsTab={isDocTab(requestedDocsTab) ? requestedDocsTab : undefined}
        onDocsTabChange={(next) => show(ENDPOINTS_SEARCH.docsTab, next)}
        athenaConfigured={ehrStatus?.athena.configured ?? true}
        athenaPracticeId={ehrStatus?.athena.practiceId ?? null}
        fhirPracticeId={ehrStatus?.fhir.practiceId ?? null}
      />
    </Page>
  );
}
