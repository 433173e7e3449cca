import { Page } from '@/components/page';
import { PermissionRequired } from '@/components/permission-required';
import { AuditLogView } from '@/features/audit/components/audit-log-view';

export function AuditRoute() {
  return (
    <Page
      title="Audit Log"
      description="Every sign-in, change and view of patient data, as the gateway recorded it."
    >
      <PermissionRequired permission="audit:read">
        <AuditLogView />
      </PermissionRequired>
    </Page>
  );
}
