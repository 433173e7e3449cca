import { PERMISSIONS, ROLE_LABELS, type Permission } from '@ehr-gateway/contracts';

import { Callout } from '@/components/ui/callout';
import { useCan, useCurrentUser } from '@/lib/current-user';

/** Says why a screen's controls are missing or disabled; nothing when the user holds the permission. */
export function ReadOnlyNotice({ permission }: { permission: Permission }) {
  const allowed = useCan(permission);
  const user = useCurrentUser();
  if (allowed || !user) {
    return null;
  }
  return (
    <Callout>
      <p>
        Read-only: your role ({ROLE_LABELS[user.role]}) may not {PERMISSIONS[permission]}.
      </p>
    </Callout>
  );
}
