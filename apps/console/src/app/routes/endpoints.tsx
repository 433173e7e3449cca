import { DEFAULT_GATEWAY_CONFIG } from '@ehr-gateway/contracts';
import { useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { EndpointsTabs } from '@/features/endpoints/components/endpoints-tabs';
import { useConfig } from '@/features/gateway-config/api/get-config';

export function EndpointsRoute() {
  const [searchParams] = useSearchParams();
  // The tester's presets and the docs' examples use the configured apiRoot and practice.
  const { data: config } = useConfig();
  return (
    <div className="space-y-6">
      <title>Endpoints · EHR API Gateway</title>
      <PageHeader
        title="Endpoints"
        description="Read the gateway's endpoint documentation and try requests."
      />
      <EndpointsTabs
        search={searchParams.get('q') ?? undefined}
        apiRoot={config?.apiRoot ?? DEFAULT_GATEWAY_CONFIG.apiRoot}
        practiceId={config?.practiceId ?? DEFAULT_GATEWAY_CONFIG.practiceId}
      />
    </div>
  );
}
