import { AUDIT_ACTIONS, type AuditEvent } from '@ehr-gateway/contracts';
import type { ReactNode } from 'react';

import { Badge } from '@/components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatDateTime, formatJson } from '@/lib/format';
import { cn } from '@/lib/utils';

import { actorLabel, RESULT_LABELS, RESULT_VARIANTS } from './audit-labels';

function Field({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('space-y-1', className)}>
      <dt className="text-xs font-semibold text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm break-all">{children}</dd>
    </div>
  );
}

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
              <Field label="Time">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              </Field>
              <Field label="Action">{AUDIT_ACTIONS[event.action]}</Field>
              <Field label="Result">
                <Badge variant={RESULT_VARIANTS[event.result]}>{RESULT_LABELS[event.result]}</Badge>
              </Field>
              <Field label="Actor">{actorLabel(event.actor)}</Field>
              <Field label="Actor ID">
                <code className="font-mono text-xs">{event.actor.id ?? '—'}</code>
              </Field>
              <Field label="Target">
                <code className="font-mono text-xs">{event.target ?? '—'}</code>
              </Field>
              <Field label="IP address">{event.ip ?? '—'}</Field>
              <Field label="User agent" className="col-span-2">
                {event.userAgent ?? '—'}
              </Field>
            </dl>
            <section className="space-y-2" aria-label="Details">
              <h3 className="text-sm font-semibold">Details</h3>
              <pre
                tabIndex={0}
                className="max-h-72 overflow-auto rounded-md border bg-muted p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all"
              >
                {formatJson(event.details)}
              </pre>
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
