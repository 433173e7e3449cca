import { Badge, type BadgeVariant } from '@/components/ui/badge';

export function statusInfo(status: number): { variant: BadgeVariant; label: string } {
  if (status < 300) {
    return { variant: 'success', label: 'OK' };
  }
  if (status < 400) {
    return { variant: 'info', label: 'Redirect' };
  }
  if (status < 500) {
    return { variant: 'warning', label: 'Client Error' };
  }
  return { variant: 'error', label: 'Server Error' };
}

export function StatusBadge({ status, className }: { status: number; className?: string }) {
  const { variant, label } = statusInfo(status);
  return (
    <Badge variant={variant} className={className}>
      {status} {label}
    </Badge>
  );
}
