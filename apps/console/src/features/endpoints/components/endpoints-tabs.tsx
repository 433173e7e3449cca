import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

import { ApiTester } from './api-tester';
import { DocumentationPanel } from './documentation-panel';

export interface EndpointsTabsProps {
  /** The header's documentation search (?q=). */
  search?: string;
  apiRoot: string;
  practiceId: string;
}

export function EndpointsTabs({ search, apiRoot, practiceId }: EndpointsTabsProps) {
  return (
    <Tabs defaultValue="documentation">
      <TabsList aria-label="Endpoints views">
        <TabsTrigger value="documentation">Documentation</TabsTrigger>
        <TabsTrigger value="api-tester">API Tester</TabsTrigger>
      </TabsList>
      <TabsContent value="documentation">
        <DocumentationPanel practiceId={practiceId} search={search} />
      </TabsContent>
      <TabsContent value="api-tester">
        {/* Remount when the gateway's apiRoot or practice changes, so the default URL follows. */}
        <ApiTester key={`${apiRoot}|${practiceId}`} apiRoot={apiRoot} practiceId={practiceId} />
      </TabsContent>
    </Tabs>
  );
}
