import { AUDIT_ACTIONS, type AuditEvent } from '@ehr-gateway/contracts';

import { Badge } from '@/components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { CodeBlock } from '@/components/code-block';
import { DetailField } from '@/components/detail-field';
import { formatDateTime, formatJson } from '@/lib/format';

import { actorLabel, RESULT_LABELS, RESULT_VARIANTS } from './audit-labels';

export function AuditEventDialog({
  event,
  onOpenChange,
}: {
  event: AuditEvent | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={event !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Audit Event</DialogTitle>
          <DialogDescription>
            {event ? `#${event.id}: ${AUDIT_ACTIONS[event.action]}` : 'Audit event'}
          </DialogDescription>
        </DialogHeader>
        {event && (
          <div className="space-y-5">
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <DetailField label="Time">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              </DetailField>
              <DetailField label="Action">{AUDIT_ACTIONS[event.action]}</DetailField>
              <DetailField label="Result">
                <Badge variant={RESULT_VARIANTS[event.result]}>{RESULT_LABELS[event.result]}</Badge>
              </DetailField>
              <DetailField label="Actor">{actorLabel(event.actor)}</DetailField>
              <DetailField label="Actor ID">
                <code className="font-mono text-xs">{event.actor.id ?? '—'}</code>
              </DetailField>
              <DetailField label="Target">
                <code className="font-mono text-xs">{event.target ?? '—'}</code>
              </DetailField>
              <DetailField label="IP address">{event.ip ?? '—'}</DetailField>
              <DetailField label="User agent" className="col-span-2">
                {event.userAgent ?? '—'}
              </DetailField>
            </dl>
            <section className="space-y-2" aria-label="Details">
              <h3 className="text-sm font-semibold">Details</h3>
              <CodeBlock>{formatJson(event.details)}</CodeBlock>
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
