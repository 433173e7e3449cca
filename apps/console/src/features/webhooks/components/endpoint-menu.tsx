import type { WebhookEndpoint } from '@ehr-gateway/contracts';
import { EllipsisVertical, FileLock2, KeyRound, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useCan } from '@/lib/current-user';
import { toast } from '@/lib/toast';

import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';
import { useSetWebhookPhiApproval } from '../api/set-webhook-phi-approval';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import { webhookErrorMessage } from '../lib/error-message';
import { RotateSecretDialog } from './rotate-secret-dialog';

type OpenDialog = 'rotate' | 'phi' | 'payload' | 'delete' | null;

const failed = (fallback: string) => (error: unknown) =>
  toast.error('Error', { description: webhookErrorMessage(error, fallback) });

function useEndpointChanges(endpoint: WebhookEndpoint) {
  const remove = useDeleteWebhookEndpoint();
  const approve = useSetWebhookPhiApproval(endpoint.id);
  const update = useUpdateWebhookEndpoint(endpoint.id);
  const fullPayload = endpoint.payload === 'full';
  return {
    remove: () =>
      remove.mutate(endpoint.id, {
        onSuccess: () => toast.success('Endpoint Deleted', { description: endpoint.url }),
        onError: failed('Failed to delete the endpoint.'),
      }),
    togglePhi: () =>
      approve.mutate(!endpoint.phiApproved, { onError: failed('Failed to change PHI approval.') }),
    togglePayload: () =>
      update.mutate(
        { payload: fullPayload ? 'id-only' : 'full' },
        { onError: failed('Failed to change the payload.') },
      ),
  };
}

/** The endpoint's less frequent actions: rotate its secret, PHI approval, payload, delete. */
export function EndpointMenu({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const canApprovePhi = useCan('webhooks:approve-phi');
  const changes = useEndpointChanges(endpoint);
  const closeWhen = (open: boolean) => !open && setDialog(null);
  const fullPayload = endpoint.payload === 'full';
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label={`More actions for ${endpoint.url}`}>
            <EllipsisVertical aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setDialog('rotate')}>
            <KeyRound aria-hidden="true" />
            Rotate secret
          </DropdownMenuItem>
          {canApprovePhi && (
            <DropdownMenuItem onSelect={() => setDialog('phi')}>
              <ShieldCheck aria-hidden="true" />
              {endpoint.phiApproved ? 'Withdraw PHI approval' : 'Approve for patient data'}
            </DropdownMenuItem>
          )}
          {(endpoint.phiApproved || fullPayload) && (
            <DropdownMenuItem onSelect={() => setDialog('payload')}>
              <FileLock2 aria-hidden="true" />
              {fullPayload ? 'Send ids only' : 'Send full patient data'}
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem
            className="text-red-700 dark:text-red-300"
            onSelect={() => setDialog('delete')}
          >
            <Trash2 aria-hidden="true" />
            Delete endpoint
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <RotateSecretDialog endpoint={endpoint} open={dialog === 'rotate'} onOpenChange={closeWhen} />
      <ConfirmDialog
        open={dialog === 'phi'}
        onOpenChange={closeWhen}
        title={endpoint.phiApproved ? 'Withdraw PHI Approval' : 'Approve for Patient Data'}
        confirmLabel={endpoint.phiApproved ? 'Withdraw' : 'Approve'}
        onConfirm={changes.togglePhi}
        description={
          <>
            <p className="break-all">{endpoint.url}</p>
            <p>
              {endpoint.phiApproved
                ? 'The endpoint goes back to ids only: names, birth dates and phone numbers stop at once.'
                : 'The endpoint may then receive names, birth dates and phone numbers. Approve only a receiver covered by a business associate agreement. The approval is recorded in the audit trail.'}
            </p>
          </>
        }
      />
      <ConfirmDialog
        open={dialog === 'payload'}
        onOpenChange={closeWhen}
        title={fullPayload ? 'Send Ids Only' : 'Send Full Patient Data'}
        confirmLabel={fullPayload ? 'Send ids only' : 'Send full data'}
        onConfirm={changes.togglePayload}
        description={
          <>
            <p className="break-all">{endpoint.url}</p>
            <p>
              {fullPayload
                ? 'Deliveries will carry resource ids and what changed, nothing identifying.'
                : 'Deliveries will carry the whole appointment or patient, as the gateway normalises it.'}
            </p>
          </>
        }
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={closeWhen}
        title="Delete Webhook Endpoint"
        confirmLabel="Delete"
        onConfirm={changes.remove}
        description={
          <>
            <p className="break-all">{endpoint.url}</p>
            <p>Its pending deliveries stop. This action cannot be undone.</p>
          </>
        }
      />
    </>
  );
}
