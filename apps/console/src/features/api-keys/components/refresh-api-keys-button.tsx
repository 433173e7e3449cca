import { RefreshCw } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

import { useApiKeys } from '../api/get-api-keys';

export function RefreshApiKeysButton({ showText = false }: { showText?: boolean }) {
  const { refetch, isFetching } = useApiKeys();
  return (
    <Button
      variant="outline"
      size={showText ? 'default' : 'icon-sm'}
      aria-label={showText ? undefined : 'Refresh API keys'}
      title="Refresh API keys"
      disabled={isFetching}
      onClick={() => void refetch()}
    >
      <RefreshCw aria-hidden="true" className={cn(isFetching && 'animate-spin')} />
      {showText && 'Refresh'}
    </Button>
  );
}
