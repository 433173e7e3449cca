import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

import { ConfigForm } from './config-form';

export function ConfigCard({
  title = 'Gateway Configuration',
  description = 'Settings that shape how the gateway answers',
  showReset = false,
  showPayloadSettings = false,
}: {
  title?: string;
  description?: string;
  showReset?: boolean;
  showPayloadSettings?: boolean;
}) {
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <ConfigForm showReset={showReset} showPayloadSettings={showPayloadSettings} />
      </CardContent>
    </Card>
  );
}
