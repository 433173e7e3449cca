import type { ApiKeySummary } from '@ehr-gateway/contracts';
import { Trash2 } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

import { useDeleteApiKey } from '../api/delete-api-key';

export const DELETE_CONFIRMATION =
  'Are you sure you want to delete this API key? This action cannot be undone.';

export function DeleteApiKeyButton({ apiKey }: { apiKey: Pick<ApiKeySummary, 'id' | 'name'> }) {
  const deleteKey = useDeleteApiKey();
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost-destructive"
          size="icon-sm"
          aria-label={`Delete API key ${apiKey.name}`}
          title="Delete API key"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title="Delete API Key"
      description={DELETE_CONFIRMATION}
      confirmLabel="Delete"
      onConfirm={() => deleteKey.mutate(apiKey)}
    >
      <p className="text-sm">
        Key: <span className="font-semibold">{apiKey.name}</span>
      </p>
    </ConfirmDialog>
  );
}
