import { Page } from '@/components/page';
import { ReadOnlyNotice } from '@/components/read-only-notice';
import { ApiKeysListCard } from '@/features/api-keys/components/api-keys-list-card';
import { CreateApiKeyDialog } from '@/features/api-keys/components/create-api-key-dialog';
import { RefreshApiKeysButton } from '@/features/api-keys/components/refresh-api-keys-button';
import { useCan } from '@/lib/current-user';

export function ApiKeysRoute() {
  const canWrite = useCan('keys:write');
  return (
    <Page
      title="API Key Management"
      tabTitle="API Keys"
      description="Create and revoke the keys external clients use to call the gateway."
      actions={
        <>
          <RefreshApiKeysButton showText />
          {canWrite && <CreateApiKeyDialog />}
        </>
      }
    >
      <ReadOnlyNotice permission="keys:write" />
      <ApiKeysListCard />
    </Page>
  );
}
