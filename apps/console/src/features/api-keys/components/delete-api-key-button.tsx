import type { ApiKeySummary } from '@ehr-gateway/contracts';
import { Trash2 } from 'lucide-react';

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

import { useDeleteApiKey } from '../api/delete-api-key';

export const DELETE_CONFIRMATION =
  'Are you sure you want to delete this API key? This action cannot be undone.';

export function DeleteApiKeyButton({ apiKey }: { apiKey: Pick<ApiKeySummary, 'id' | 'name'> }) {
  const deleteKey = useDeleteApiKey();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Delete API key ${apiKey.name}`}
          title="Delete API key"
          className="text-red-700 hover:bg-red-50 hover:text-red-800 dark:text-red-300 dark:hover:bg-red-950 dark:hover:text-red-200"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete API Key</AlertDialogTitle>
          <AlertDialogDescription>{DELETE_CONFIRMATION}</AlertDialogDescription>
        </AlertDialogHeader>
        <p className="text-sm">
          Key: <span className="font-semibold">{apiKey.name}</span>
        </p>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => deleteKey.mutate(apiKey)}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
