import { BookOpen, FlaskConical } from 'lucide-react';

import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

export function EndpointsTabs({ search }: { search?: string }) {
  return (
    <Tabs defaultValue="documentation">
      <TabsList aria-label="Endpoints views">
        <TabsTrigger value="documentation">Documentation</TabsTrigger>
        <TabsTrigger value="api-tester">API Tester</TabsTrigger>
      </TabsList>
      <TabsContent value="documentation">
        <Card>
          <CardContent className="pt-5">
            <EmptyState icon={<BookOpen />} title="Endpoint documentation is coming soon">
              {search ? (
                <>Searching the documentation for &ldquo;{search}&rdquo; will be available here.</>
              ) : (
                <>
                  The reference for every gateway endpoint will appear here. Until then, the OpenAPI
                  document is served at <code className="font-mono">/openapi.json</code>.
                </>
              )}
            </EmptyState>
          </CardContent>
        </Card>
      </TabsContent>
      <TabsContent value="api-tester">
        <Card>
          <CardContent className="pt-5">
            <EmptyState icon={<FlaskConical />} title="The API tester is coming soon">
              You will be able to send requests to the gateway with an API key and inspect the
              answers here.
            </EmptyState>
          </CardContent>
        </Card>
      </TabsContent>
    </Tabs>
  );
}
