import { PageHeader } from '@/components/page-header';
import { PermissionRequired } from '@/components/permission-required';
import { AuditLogView } from '@/features/audit/components/audit-log-view';

export function AuditRoute() {
  return (
    <div className="space-y-6">
      <title>Audit Log · EHR API Gateway</title>
      <PageHeader
        title="Audit Log"
        description="Every sign-in, change and view of patient data, as the gateway recorded it."
      />
      <PermissionRequired permission="audit:read">
        <AuditLogView />
      </PermissionRequired>
    </div>
  );
}
