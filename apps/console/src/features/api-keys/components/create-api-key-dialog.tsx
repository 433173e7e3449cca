import type { ApiScope } from '@ehr-gateway/contracts';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { OneTimeSecretDialog } from '@/components/ui/one-time-secret-dialog';

import { useCreateApiKey, type CreatedApiKey } from '../api/create-api-key';
import { expiresAtFor, ExpiryField, type ExpiryValue } from './expiry-field';
import { KeyNameField } from './key-name-field';
import { LimitFields, parseLimits, type LimitValues } from './limit-fields';
import { ScopeFields } from './scope-fields';
import { KEY_FORMAT_UNEXPECTED_TEXT } from './create-error-message';
import { keyCreatedCallbacks } from './key-created-toasts';

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

  function handleSubmit() {
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
      keyCreatedCallbacks(
        (result) => {
          setName('');
          setCreated(result);
        },
        (result) => ({
          description: `"${result.name}" was created. Copy the key now; it cannot be displayed again.`,
        }),
      ),
    );
  }

  const shownKey = created?.key ?? null;
  return (
    <>
      <FormDialog
        open={open && !created}
        onOpenChange={handleOpenChange}
        trigger={
          <Button>
            <Plus aria-hidden="true" />
            New API Key
          </Button>
        }
        title="Create New API Key"
        description="Name the key after the client that will use it, so you can recognise it later."
        className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl"
        submitLabel="Generate Key"
        pending={createKey.isPending}
        canSubmit={Boolean(name.trim())}
        onSubmit={handleSubmit}
      >
        <div className="space-y-2">
          <KeyNameField id={`${id}-name`} label="Name" value={name} onChange={setName} />
        </div>
        <ScopeFields value={scopes} onChange={setScopes} />
        <LimitFields value={limits} onChange={setLimits} />
        <ExpiryField value={expiry} onChange={setExpiry} />
      </FormDialog>
      <OneTimeSecretDialog
        values={created ? (shownKey === null ? [] : [shownKey]) : null}
        title="API Key Created"
        description={
          <>
            The key &ldquo;{created?.name}&rdquo; is ready. Give it to the client that will call the
            gateway.
          </>
        }
        label="API key"
        warning={
          shownKey === null
            ? KEY_FORMAT_UNEXPECTED_TEXT
            : 'Copy this key now and store it somewhere safe. It cannot be displayed again.'
        }
        onSaved={() => handleOpenChange(false)}
      />
    </>
  );
}
