import { PageHeader } from '@/components/page-header';
import { ReadOnlyNotice } from '@/components/read-only-notice';
import { ApiKeysListCard } from '@/features/api-keys/components/api-keys-list-card';
import { CreateApiKeyDialog } from '@/features/api-keys/components/create-api-key-dialog';
import { RefreshApiKeysButton } from '@/features/api-keys/components/refresh-api-keys-button';
import { useCan } from '@/lib/current-user';

export function ApiKeysRoute() {
  const canWrite = useCan('keys:write');
  return (
    <div className="space-y-6">
      <title>API Keys · EHR API Gateway</title>
      <PageHeader
        title="API Key Management"
        description="Create and revoke the keys external clients use to call the gateway."
        actions={
          <>
            <RefreshApiKeysButton showText />
            {canWrite && <CreateApiKeyDialog />}
          </>
        }
      />
      <ReadOnlyNotice permission="keys:write" />
      <ApiKeysListCard />
    </div>
  );
}
