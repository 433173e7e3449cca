import { CodeBlock } from '@/components/code-block';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const NODE_SNIPPET = `import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.WEBHOOK_SECRET); // whsec_…
// In your HTTP handler, with the raw body as a string:
const event = webhook.verify(rawBody, {
  'webhook-id': req.headers['webhook-id'],
  'webhook-timestamp': req.headers['webhook-timestamp'],
  'webhook-signature': req.headers['webhook-signature'],
}); // throws when the signature or timestamp is wrong`;

const PYTHON_SNIPPET = `import os
from standardwebhooks.webhooks import Webhook

webhook = Webhook(os.environ["WEBHOOK_SECRET"])  # whsec_…
# raw_body: the request body as bytes or str, headers: the request headers
event = webhook.verify(raw_body, headers)  # raises on a bad signature`;

/** How a receiver checks that a delivery came from this gateway, unchanged. */
export function VerifySignatureCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Verifying Deliveries</CardTitle>
        <CardDescription>
          Every delivery carries webhook-id, webhook-timestamp and webhook-signature headers. Verify
          them with any Standard Webhooks library before trusting the body; use webhook-id to drop a
          delivery you have already handled.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 lg:grid-cols-2">
        <div className="min-w-0 space-y-2">
          <h3 className="text-sm font-medium">Node.js</h3>
          <CodeBlock aria-label="Node.js verification example">{NODE_SNIPPET}</CodeBlock>
        </div>
        <div className="min-w-0 space-y-2">
          <h3 className="text-sm font-medium">Python</h3>
          <CodeBlock aria-label="Python verification example">{PYTHON_SNIPPET}</CodeBlock>
        </div>
      </CardContent>
    </Card>
  );
}
