import { Page } from '@/components/page';
import { PermissionRequired } from '@/components/permission-required';
import { ReadOnlyNotice } from '@/components/read-only-notice';
import { CreateWebhookEndpointDialog } from '@/features/webhooks/components/create-webhook-endpoint-dialog';
import { VerifySignatureCard } from '@/features/webhooks/components/verify-signature-card';
import { WebhookEndpointsCard } from '@/features/webhooks/components/webhook-endpoints-card';
import { WebhookStatsStrip } from '@/features/webhooks/components/webhook-stats-strip';
import { useCan } from '@/lib/current-user';

export function WebhooksRoute() {
  const canManage = useCan('webhooks:manage');
  return (
    <Page
      title="Webhooks"
      description="Signed events when an appointment or patient changes, in the gateway or in the EHR."
      actions={canManage ? <CreateWebhookEndpointDialog /> : undefined}
    >
      <PermissionRequired permission="webhooks:read">
        <ReadOnlyNotice permission="webhooks:manage" />
        <WebhookStatsStrip />
        <WebhookEndpointsCard />
        <VerifySignatureCard />
      </PermissionRequired>
    </Page>
  );
}
