import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

import { useApiKeys } from '../api/get-api-keys';
import { ApiKeyList } from './api-key-list';

export function ApiKeysListCard() {
  const { data, isPending } = useApiKeys();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Active API Keys</CardTitle>
        <CardDescription>
          Clients send a key in the <code className="font-mono">x-api-key</code> header. Only a
          masked form is kept for display.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ApiKeyList keys={data} isPending={isPending} />
      </CardContent>
    </Card>
  );
}
