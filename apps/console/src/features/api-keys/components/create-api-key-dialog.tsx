import type { ApiScope } from '@ehr-gateway/contracts';
import { LoaderCircle, Plus, TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

import { useCreateApiKey, type CreatedApiKey } from '../api/create-api-key';
import { CopyKeyButton } from './copy-key-button';
import { expiresAtFor, ExpiryField, type ExpiryValue } from './expiry-field';
import { KeyNameField } from './key-name-field';
import { LimitFields, parseLimits, type LimitValues } from './limit-fields';
import { ScopeFields } from './scope-fields';
import {
  createErrorMessage,
  KEY_FORMAT_UNEXPECTED_TEXT,
  UNEXPECTED_KEY_FORMAT_MESSAGE,
} from './create-error-message';

const NO_EXPIRY: ExpiryValue = { choice: 'never', date: '' };
const NO_LIMITS: LimitValues = { rateLimit: '', quota: '' };

/**
 * Two steps: the key's name, scopes, limits and expiry, then the new key shown once. Closing
 * forgets the key.
 */
export function CreateApiKeyDialog() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[] | null>(null);
  const [limits, setLimits] = useState<LimitValues>(NO_LIMITS);
  const [expiry, setExpiry] = useState<ExpiryValue>(NO_EXPIRY);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const createKey = useCreateApiKey();

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setName('');
      setScopes(null);
      setLimits(NO_LIMITS);
      setExpiry(NO_EXPIRY);
      setCreated(null);
      createKey.reset();
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    const parsed = parseLimits(limits);
    const expires = expiresAtFor(expiry);
    if (!trimmed || scopes?.length === 0 || !parsed || 'error' in expires || createKey.isPending) {
      return;
    }
    const { rateLimit, quota } = parsed;
    createKey.mutate(
      {
        name: trimmed,
        expiresAt: expires.expiresAt,
        // Every scope is sent as none named, so the key also holds scopes added later.
        ...(scopes === null ? {} : { scopes }),
        ...(rateLimit === null ? {} : { rateLimit }),
        ...(quota === null ? {} : { quota }),
      },
      {
        onSuccess: (result) => {
          setName('');
          setCreated(result);
          if (result.key === null) {
            toast.warning('Warning', { description: UNEXPECTED_KEY_FORMAT_MESSAGE });
          } else {
            toast.success('API Key Created', {
              description: `"${result.name}" was created. Copy the key now; it cannot be displayed again.`,
            });
          }
        },
        onError: (error) => {
          toast.error('Error', { description: createErrorMessage(error) });
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          New API Key
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl">
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>API Key Created</DialogTitle>
              <DialogDescription>
                The key &ldquo;{created.name}&rdquo; is ready. Give it to the client that will call
                the gateway.
              </DialogDescription>
            </DialogHeader>
            {created.key === null ? (
              <p className="rounded-md border p-3 text-sm">{KEY_FORMAT_UNEXPECTED_TEXT}</p>
            ) : (
              <div className="space-y-2">
                <Label htmlFor={`${id}-created-key`}>API Key</Label>
                <div className="flex items-center gap-2">
                  <Input
                    id={`${id}-created-key`}
                    value={created.key}
                    readOnly
                    className="font-mono text-xs"
                    onFocus={(event) => event.currentTarget.select()}
                  />
                  <CopyKeyButton value={created.key} label="Copy API key" />
                </div>
              </div>
            )}
            <p
              role="note"
              className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
            >
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Copy this key now and store it somewhere safe. It cannot be displayed again.
            </p>
            <DialogFooter>
              <Button onClick={() => handleOpenChange(false)}>Close</Button>
            </DialogFooter>
          </>
        ) : (
          <form className="grid gap-4" onSubmit={handleSubmit}>
            <DialogHeader>
              <DialogTitle>Create New API Key</DialogTitle>
              <DialogDescription>
                Name the key after the client that will use it, so you can recognise it later.
              </DialogDescription>
            </DialogHeader>
            <div className="space-y-2">
              <KeyNameField id={`${id}-name`} label="Name" value={name} onChange={setName} />
            </div>
            <ScopeFields value={scopes} onChange={setScopes} />
            <LimitFields value={limits} onChange={setLimits} />
            <ExpiryField value={expiry} onChange={setExpiry} />
            <DialogFooter>
              <Button variant="outline" onClick={() => handleOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!name.trim() || createKey.isPending}>
                {createKey.isPending && (
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                )}
                Generate Key
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
