import { useState } from 'react';

import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ENDPOINTS_VIEWS } from '@/lib/console-links';

import type { DocTab, TryRequest } from '../lib/doc-tabs';
import { ApiTester } from './api-tester';
import { DocumentationPanel } from './documentation-panel';
import { VoiceAgentPanel } from './voice-agent-panel';

export type EndpointsView = (typeof ENDPOINTS_VIEWS)[keyof typeof ENDPOINTS_VIEWS];

export interface EndpointsTabsProps {
  /** The header's documentation search (?q=). */
  search?: string;
  apiRoot: string;
  practiceId: string;
  /** The view shown; the route keeps it in the URL so Back and links work. */
  view: EndpointsView;
  onViewChange: (view: EndpointsView) => void;
  docsTab?: DocTab;
  onDocsTabChange?: (tab: DocTab) => void;
  /** False when the gateway has no athena credentials: examples then point at the Mock EHR. */
  athenaConfigured?: boolean;
  /** athena's practice (from the EHR status), for the tester's athena presets. */
  athenaPracticeId?: string | null;
  /** The FHIR EHR's practice (from the EHR status), for the tester's FHIR presets. */
  fhirPracticeId?: string | null;
}

export function EndpointsTabs({
  search,
  apiRoot,
  practiceId,
  view,
  onViewChange,
  docsTab,
  onDocsTabChange,
  athenaConfigured = true,
  athenaPracticeId = null,
  fhirPracticeId = null,
}: EndpointsTabsProps) {
  const defaultSource = athenaConfigured ? 'athena' : 'mock';
  // "Try in tester": the request the tester opens with, once.
  const [prefill, setPrefill] = useState<TryRequest | null>(null);
  return (
    <Tabs value={view} onValueChange={(value) => onViewChange(value as EndpointsView)}>
      <TabsList aria-label="Endpoints views">
        <TabsTrigger value={ENDPOINTS_VIEWS.documentation}>Documentation</TabsTrigger>
        <TabsTrigger value={ENDPOINTS_VIEWS.tester}>API Tester</TabsTrigger>
        <TabsTrigger value={ENDPOINTS_VIEWS.voice}>Voice Agent</TabsTrigger>
      </TabsList>
      <TabsContent value={ENDPOINTS_VIEWS.documentation}>
        <DocumentationPanel
          practiceId={practiceId}
          search={search}
          tab={docsTab}
          onTabChange={onDocsTabChange}
          athenaConfigured={athenaConfigured}
          athenaPracticeId={athenaPracticeId}
          onTryInTester={(doc) => {
            setPrefill(doc.tryRequest);
            onViewChange(ENDPOINTS_VIEWS.tester);
          }}
        />
      </TabsContent>
      <TabsContent value={ENDPOINTS_VIEWS.tester}>
        {/* Remount when the gateway's apiRoot, practice or athena setup changes: the default follows. */}
        <ApiTester
          key={`${apiRoot}|${practiceId}|${defaultSource}`}
          apiRoot={apiRoot}
          practiceId={practiceId}
          defaultSource={defaultSource}
          athenaPracticeId={athenaPracticeId}
          fhirPracticeId={fhirPracticeId}
          prefill={prefill}
          onPrefillApplied={() => setPrefill(null)}
        />
      </TabsContent>
      <TabsContent value={ENDPOINTS_VIEWS.voice}>
        <VoiceAgentPanel />
      </TabsContent>
    </Tabs>
  );
}
