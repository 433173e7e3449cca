import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from '@ehr-gateway/contracts';

import { SelectField } from '@/components/select-field';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

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
      <SelectField
        id={`${idPrefix}-role`}
        label="Role"
        value={role}
        options={ROLE_OPTIONS}
        onChange={onRoleChange}
        describedBy={`${idPrefix}-role-hint`}
        invalid={Boolean(roleError)}
      >
        <p id={`${idPrefix}-role-hint`} className="text-xs text-muted-foreground">
          {ROLE_DESCRIPTIONS[role]}
        </p>
        {roleError && <p className="text-sm text-red-700 dark:text-red-300">{roleError}</p>}
      </SelectField>
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
