import { Page } from '@/components/page';
import { ConfigCard } from '@/features/gateway-config/components/config-card';
import { ConfigHistoryCard } from '@/features/gateway-config/components/config-history-card';
import { EhrIntegrationSettingsCard } from '@/features/system/components/ehr-integration-settings-card';

export function ConfigurationRoute() {
  return (
    <Page
      title="Gateway Configuration"
      tabTitle="Configuration"
      description="Change how the gateway answers. Changes apply at once to every gateway instance."
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <ConfigCard
          title="API Gateway Settings"
          description="Routing, logging and caching of the gateway"
          showReset
          showPayloadSettings
        />
        <div className="space-y-6">
          <EhrIntegrationSettingsCard />
          <ConfigHistoryCard />
        </div>
      </div>
    </Page>
  );
}
