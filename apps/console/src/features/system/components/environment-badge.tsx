import { Badge } from '@/components/ui/badge';

import { useSystemInfo } from '../api/get-system-info';

const DEFAULT_ENVIRONMENT = 'prod';

export function EnvironmentBadge() {
  const { data, isPending } = useSystemInfo();
  if (isPending) {
    return null;
  }
  const environment = data?.environment || DEFAULT_ENVIRONMENT;
  return (
    <Badge
      variant={environment === 'prod' || environment === 'production' ? 'error' : 'secondary'}
      title={`Environment: ${environment}`}
    >
      {environment}
    </Badge>
  );
}
