import type { AuditEvent, AuditResult } from '@ehr-gateway/contracts';

import type { BadgeVariant } from '@/components/ui/badge';

export const RESULT_VARIANTS: Record<AuditResult, BadgeVariant> = {
  success: 'success',
  failure: 'error',
  denied: 'warning',
};

export const RESULT_LABELS: Record<AuditResult, string> = {
  success: 'Success',
  failure: 'Failure',
  denied: 'Denied',
};

/** Who acted, as a person reads it: a user's name, an API key, or "Unknown". */
export function actorLabel(actor: AuditEvent['actor']): string {
  const name = actor.name ?? actor.id ?? 'Unknown';
  switch (actor.type) {
    case 'api-key':
      return `API key ${name}`;
    case 'system':
      return `System (${name})`;
    case 'anonymous':
      return actor.name ? `${actor.name} (not signed in)` : 'Not signed in';
    case 'user':
      return name;
  }
}
