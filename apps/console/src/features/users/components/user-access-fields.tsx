import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from '@ehr-gateway/contracts';

import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';

/** What a user may do: a role, and PHI access on top of it. Shared by create and edit. */
export function UserAccessFields({
  idPrefix,
  role,
  phiAccess,
  onRoleChange,
  onPhiAccessChange,
  roleError,
}: {
  idPrefix: string;
  role: Role;
  phiAccess: boolean;
  onRoleChange: (role: Role) => void;
  onPhiAccessChange: (phiAccess: boolean) => void;
  roleError?: string;
}) {
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-role`}>Role</Label>
        <Select value={role} onValueChange={(value) => onRoleChange(value as Role)}>
          <SelectTrigger
            id={`${idPrefix}-role`}
            aria-describedby={`${idPrefix}-role-hint`}
            aria-invalid={roleError ? true : undefined}
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ROLES.map((option) => (
              <SelectItem key={option} value={option}>
                {ROLE_LABELS[option]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p id={`${idPrefix}-role-hint`} className="text-xs text-muted-foreground">
          {ROLE_DESCRIPTIONS[role]}
        </p>
        {roleError && <p className="text-sm text-red-700 dark:text-red-300">{roleError}</p>}
      </div>
      <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
        <div className="space-y-1">
          <Label htmlFor={`${idPrefix}-phi`}>PHI access</Label>
          <p id={`${idPrefix}-phi-hint`} className="text-xs text-muted-foreground">
            May see patient data in request-log bodies. Every such view is recorded in the audit
            log.
          </p>
        </div>
        <Switch
          id={`${idPrefix}-phi`}
          checked={phiAccess}
          aria-describedby={`${idPrefix}-phi-hint`}
          onCheckedChange={onPhiAccessChange}
        />
      </div>
    </>
  );
}
