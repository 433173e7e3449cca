import type { Role, UserSummary } from '@ehr-gateway/contracts';
import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { UNEXPECTED_ERROR_MESSAGE } from '@/lib/query-client';

import { useUpdateUser } from '../api/update-user';
import { UserAccessFields } from './user-access-fields';

/** Changes a user's display name, role and PHI access. Only what changed is sent. */
export function EditUserDialog({ user }: { user: UserSummary }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [displayName, setDisplayName] = useState(user.displayName);
  const [role, setRole] = useState<Role>(user.role);
  const [phiAccess, setPhiAccess] = useState(user.phiAccess);
  const [refusal, setRefusal] = useState<string | null>(null);
  const update = useUpdateUser();

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      setDisplayName(user.displayName);
      setRole(user.role);
      setPhiAccess(user.phiAccess);
      setRefusal(null);
      update.reset();
    }
  }

  const changes = {
    ...(displayName.trim() !== user.displayName ? { displayName: displayName.trim() } : {}),
    ...(role !== user.role ? { role } : {}),
    ...(phiAccess !== user.phiAccess ? { phiAccess } : {}),
  };
  const changed = Object.keys(changes).length > 0;

  function handleSubmit() {
    if (!changed || update.isPending) {
      return;
    }
    update.mutate(
      { id: user.id, body: changes },
      {
        onSuccess: (saved) => {
          setOpen(false);
          toast.success('User Updated', { description: `${saved.displayName} was updated.` });
        },
        onError: (error) => {
          const message = isApiError(error)
            ? (error.body?.message ?? 'Failed to update the user.')
            : UNEXPECTED_ERROR_MESSAGE;
          setRefusal(message);
          toast.error('Error', { description: message });
        },
      },
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={handleOpenChange}
      trigger={
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Edit ${user.displayName}`}
          title="Edit role and access"
        >
          <Pencil aria-hidden="true" />
        </Button>
      }
      title="Edit User"
      description={`${user.username}: changes apply to their next request.`}
      submitLabel="Save Changes"
      pending={update.isPending}
      canSubmit={changed && Boolean(displayName.trim())}
      onSubmit={handleSubmit}
      noValidate
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-displayName`}>Display name</Label>
        <Input
          id={`${id}-displayName`}
          value={displayName}
          autoComplete="off"
          onChange={(event) => setDisplayName(event.target.value)}
        />
      </div>
      <UserAccessFields
        idPrefix={id}
        role={role}
        phiAccess={phiAccess}
        onRoleChange={setRole}
        onPhiAccessChange={setPhiAccess}
      />
      {refusal && (
        <Callout variant="error" role="alert">
          <p>{refusal}</p>
        </Callout>
      )}
    </FormDialog>
  );
}
