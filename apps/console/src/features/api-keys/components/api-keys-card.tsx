import { LoaderCircle, TriangleAlert, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeading } from '@/components/ui/card';

import { useCreateApiKey, type CreatedApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { ApiKeyList } from './api-key-list';
import { copyApiKey, CopyKeyButton } from './copy-key-button';
import { KeyNameField } from './key-name-field';
import { KEY_FORMAT_UNEXPECTED_TEXT } from './create-error-message';
import { keyCreatedCallbacks } from './key-created-toasts';
import { RefreshApiKeysButton } from './refresh-api-keys-button';

/** The dashboard's compact key manager: list, generate by name, copy, delete. */
export function ApiKeysCard() {
  const id = useId();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const { data, isPending } = useApiKeys();
  const createKey = useCreateApiKey();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || createKey.isPending) {
      return;
    }
    createKey.mutate(
      { name: trimmed },
      keyCreatedCallbacks(
        (result) => {
          setName('');
          setCreated(result);
        },
        (result) => ({
          description: result.key,
          action: { label: 'Copy', onClick: () => void copyApiKey(result.key) },
        }),
      ),
    );
  }

  return (
    <Card>
      <CardHeading
        title="API Key Management"
        description="Create and manage keys for external clients"
      >
        <RefreshApiKeysButton />
      </CardHeading>
      <CardContent className="space-y-4">
        <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={handleSubmit}>
          <div className="flex-1 space-y-2">
            <KeyNameField id={`${id}-name`} label="New key name" value={name} onChange={setName} />
          </div>
          <Button type="submit" disabled={!name.trim() || createKey.isPending}>
            {createKey.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            Generate New Key
          </Button>
        </form>

        {created && (
          <div
            role="status"
            className="space-y-2 rounded-lg border border-green-200 bg-green-50 p-3 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
          >
            <div className="flex items-start justify-between gap-2">
              <p className="text-sm font-semibold">New key &ldquo;{created.name}&rdquo;</p>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label="Dismiss new key"
                className="-mt-1 -mr-1 text-current hover:bg-green-100 dark:hover:bg-green-900"
                onClick={() => setCreated(null)}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
            {created.key === null ? (
              <p className="text-sm">{KEY_FORMAT_UNEXPECTED_TEXT}</p>
            ) : (
              <>
                <div className="flex items-center gap-2">
                  <code className="min-w-0 flex-1 rounded border border-green-200 bg-white px-2 py-1.5 font-mono text-xs break-all text-slate-900 dark:border-green-800 dark:bg-slate-950 dark:text-slate-100">
                    {created.key}
                  </code>
                  <CopyKeyButton value={created.key} label="Copy new API key" />
                </div>
                <p className="flex items-center gap-1.5 text-xs">
                  <TriangleAlert aria-hidden="true" className="size-3.5" />
                  Copy it now: it cannot be displayed again.
                </p>
              </>
            )}
          </div>
        )}

        <ApiKeyList keys={data} isPending={isPending} />
      </CardContent>
    </Card>
  );
}
