import type { Role, UserSummary } from '@ehr-gateway/contracts';
import { LoaderCircle, Pencil } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
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

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Edit ${user.displayName}`}
          title="Edit role and access"
        >
          <Pencil aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
          <DialogHeader>
            <DialogTitle>Edit User</DialogTitle>
            <DialogDescription>
              {user.username}: changes apply to their next request.
            </DialogDescription>
          </DialogHeader>
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
          <DialogFooter>
            <Button variant="outline" onClick={() => handleOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!changed || !displayName.trim() || update.isPending}>
              {update.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              Save Changes
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
