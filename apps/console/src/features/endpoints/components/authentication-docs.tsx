import {
  API_KEY_REFUSALS,
  DEFAULT_API_ROOT,
  GATEWAY_PREFIXES,
  HEADERS,
} from '@ehr-gateway/contracts';

import { CodeBlock } from '@/components/code-block';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

/** How clients authenticate: API keys, the Vapi secret for the tool webhook, admin sessions. */
export function AuthenticationDocs({ origin }: { origin: string }) {
  return (
    <div className="space-y-4">
      <Card aria-labelledby="auth-api-key">
        <CardHeader>
          <h3 id="auth-api-key" className="text-base font-semibold">
            API keys ({HEADERS.apiKey})
          </h3>
          <CardDescription>
            Every gateway route ({[DEFAULT_API_ROOT, ...Object.values(GATEWAY_PREFIXES)].join(', ')}
            ) needs an API key in the <code className="font-mono">{HEADERS.apiKey}</code> header.
            Create keys on the API Keys page; the full key is shown once, when it is created.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <CodeBlock
            aria-label="Example authenticated request"
            className="max-h-none text-foreground"
          >
            {`curl '${origin}${GATEWAY_PREFIXES.utility}/datetime' \\\n  -H '${HEADERS.apiKey}: YOUR_API_KEY'`}
          </CodeBlock>
          <div className="space-y-1">
            <h4 className="text-sm font-semibold">Authentication errors</h4>
            <Table aria-label="Authentication errors">
              <TableHeader>
                <TableRow>
                  <TableHead>Situation</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Message</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {API_KEY_REFUSALS.map((error) => (
                  <TableRow key={error.message}>
                    <TableCell>{error.when}</TableCell>
                    <TableCell className="font-mono">{error.status}</TableCell>
                    <TableCell className="font-mono text-xs">{error.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <p className="text-sm text-muted-foreground">
              Errors use the JSON shape{' '}
              <code className="font-mono">{'{ statusCode, error, message, code }'}</code>.
            </p>
          </div>
        </CardContent>
      </Card>

      <Card aria-labelledby="auth-vapi">
        <CardHeader>
          <h3 id="auth-vapi" className="text-base font-semibold">
            Voice assistant tool (X-Vapi-Secret)
          </h3>
          <CardDescription>
            <code className="font-mono">POST /llm/tools/query-healthcare-entities</code> also
            accepts the shared secret configured for Vapi in the{' '}
            <code className="font-mono">X-Vapi-Secret</code> header, so the voice platform can call
            it without an API key.
          </CardDescription>
        </CardHeader>
      </Card>

      <Card aria-labelledby="auth-admin">
        <CardHeader>
          <h3 id="auth-admin" className="text-base font-semibold">
            Admin console session
          </h3>
          <CardDescription>
            The /admin routes used by this console take no API key: they need the session cookie set
            by signing in (POST /admin/session). API keys never grant admin access.
          </CardDescription>
        </CardHeader>
      </Card>
    </div>
  );
}
