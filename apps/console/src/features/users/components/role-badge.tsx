import { ROLE_LABELS, type Role } from '@ehr-gateway/contracts';
import { ShieldCheck } from 'lucide-react';

import { Badge, type BadgeVariant } from '@/components/ui/badge';

const ROLE_VARIANTS: Record<Role, BadgeVariant> = {
  admin: 'default',
  developer: 'info',
  auditor: 'secondary',
};

export function RoleBadge({ role }: { role: Role }) {
  return <Badge variant={ROLE_VARIANTS[role]}>{ROLE_LABELS[role]}</Badge>;
}

export function PhiBadge() {
  return (
    <Badge variant="warning" title="May see patient data in the request log">
      <ShieldCheck aria-hidden="true" className="size-3" />
      PHI access
    </Badge>
  );
}
