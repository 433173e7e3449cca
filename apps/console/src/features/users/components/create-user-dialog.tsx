import type { Role, UserCreated } from '@ehr-gateway/contracts';
import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { UNEXPECTED_ERROR_MESSAGE } from '@/lib/query-client';

import { useCreateUser } from '../api/create-user';
import { OneTimePasswordShown } from './one-time-password';
import { UserAccessFields } from './user-access-fields';

interface Draft {
  username: string;
  displayName: string;
  role: Role;
  phiAccess: boolean;
}

const EMPTY: Draft = { username: '', displayName: '', role: 'developer', phiAccess: false };

/** Two steps: who the user is and what they may do, then their one-time password, shown once. */
export function CreateUserDialog() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<UserCreated | null>(null);
  const createUser = useCreateUser();

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setDraft(EMPTY);
      setErrors({});
      setCreated(null);
      createUser.reset();
    }
  }

  function set<K extends keyof Draft>(field: K, value: Draft[K]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: '' }));
  }

  function handleSubmit() {
    if (createUser.isPending) {
      return;
    }
    createUser.mutate(
      { ...draft, username: draft.username.trim(), displayName: draft.displayName.trim() },
      {
        onSuccess: (result) => {
          setCreated(result);
          toast.success('User Created', {
            description: `${result.user.displayName} can sign in with the one-time password.`,
          });
        },
        onError: (error) => {
          if (isApiError(error)) {
            setErrors(
              error.status === 409
                ? { username: error.body?.message ?? 'This username is taken' }
                : error.fieldErrors,
            );
          }
          toast.error('Error', {
            description: isApiError(error)
              ? (error.body?.message ?? 'Failed to create the user.')
              : UNEXPECTED_ERROR_MESSAGE,
          });
        },
      },
    );
  }

  const fieldError = (field: keyof Draft) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="text-sm text-red-700 dark:text-red-300">
        {errors[field]}
      </p>
    ) : null;

  return (
    <FormDialog
      open={open}
      onOpenChange={handleOpenChange}
      trigger={
        <Button>
          <UserPlus aria-hidden="true" />
          New User
        </Button>
      }
      title="Create User"
      description="They get a one-time password and choose their own when they first sign in."
      submitLabel="Create User"
      pending={createUser.isPending}
      canSubmit={Boolean(draft.username.trim() && draft.displayName.trim())}
      onSubmit={handleSubmit}
      noValidate
      done={
        created && (
          <OneTimePasswordShown
            title="User Created"
            description={`${created.user.displayName} (${created.user.username}) can now sign in.`}
            username={created.user.username}
            password={created.oneTimePassword}
            onClose={() => handleOpenChange(false)}
          />
        )
      }
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-username`}>Username</Label>
        <Input
          id={`${id}-username`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={draft.username}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? `${id}-username-error` : `${id}-username-hint`}
          onChange={(event) => set('username', event.target.value)}
        />
        <p id={`${id}-username-hint`} className="text-xs text-muted-foreground">
          Letters, digits and . _ @ - (at least 3)
        </p>
        {fieldError('username')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-displayName`}>Display name</Label>
        <Input
          id={`${id}-displayName`}
          autoComplete="off"
          value={draft.displayName}
          aria-invalid={errors.displayName ? true : undefined}
          aria-describedby={errors.displayName ? `${id}-displayName-error` : undefined}
          onChange={(event) => set('displayName', event.target.value)}
        />
        {fieldError('displayName')}
      </div>
      <UserAccessFields
        idPrefix={id}
        role={draft.role}
        phiAccess={draft.phiAccess}
        onRoleChange={(role) => set('role', role)}
        onPhiAccessChange={(phiAccess) => set('phiAccess', phiAccess)}
        roleError={errors.role}
      />
    </FormDialog>
  );
}
