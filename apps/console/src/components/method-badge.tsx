import { Badge, type BadgeVariant } from '@/components/ui/badge';

const METHOD_VARIANTS: Record<string, BadgeVariant> = {
  GET: 'info',
  POST: 'success',
  PUT: 'warning',
  DELETE: 'error',
};

export function methodVariant(method: string): BadgeVariant {
  return METHOD_VARIANTS[method.toUpperCase()] ?? 'secondary';
}

export function MethodBadge({ method, className }: { method: string; className?: string }) {
  const upper = method.toUpperCase();
  return (
    <Badge variant={methodVariant(upper)} className={className}>
      {upper}
    </Badge>
  );
}
