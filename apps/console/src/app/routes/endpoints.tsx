import { useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { EndpointsTabs } from '@/features/endpoints/components/endpoints-tabs';

export function EndpointsRoute() {
  const [searchParams] = useSearchParams();
  return (
    <div className="space-y-6">
      <title>Endpoints · EHR API Gateway</title>
      <PageHeader
        title="Endpoints"
        description="Read the gateway's endpoint documentation and try requests."
      />
      <EndpointsTabs search={searchParams.get('q') ?? undefined} />
    </div>
  );
}
