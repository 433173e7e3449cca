import {
  API_KEY_REFUSALS,
  DEFAULT_API_ROOT,
  GATEWAY_PREFIXES,
  HEADERS,
} from '@ehr-gateway/contracts';

import { CodeBlock } from '@/components/code-block';
import { Table, TableBody, TableCell, TableHeadings, TableRow } from '@/components/ui/table';

import { DocsCard } from './docs-card';

/** How clients authenticate: API keys, the Vapi secret for the tool webhook, admin sessions. */
export function AuthenticationDocs({ origin }: { origin: string }) {
  return (
    <div className="space-y-4">
      <DocsCard
        id="auth-api-key"
        title={<>API keys ({HEADERS.apiKey})</>}
        description={
          <>
            Every gateway route ({[DEFAULT_API_ROOT, ...Object.values(GATEWAY_PREFIXES)].join(', ')}
            ) needs an API key in the <code className="font-mono">{HEADERS.apiKey}</code> header.
            Create keys on the API Keys page; the full key is shown once, when it is created.
          </>
        }
        contentClassName="space-y-4"
      >
        <CodeBlock
          aria-label="Example authenticated request"
          className="max-h-none text-foreground"
        >
          {`curl '${origin}${GATEWAY_PREFIXES.utility}/datetime' \\\n  -H '${HEADERS.apiKey}: YOUR_API_KEY'`}
        </CodeBlock>
        <div className="space-y-1">
          <h4 className="text-sm font-semibold">Authentication errors</h4>
          <Table aria-label="Authentication errors">
            <TableHeadings labels={['Situation', 'Status', 'Message']} />
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
      </DocsCard>

      <DocsCard
        id="auth-vapi"
        title="Voice assistant tool (X-Vapi-Secret)"
        description={
          <>
            <code className="font-mono">POST /llm/tools/query-healthcare-entities</code> also
            accepts the shared secret configured for Vapi in the{' '}
            <code className="font-mono">X-Vapi-Secret</code> header, so the voice platform can call
            it without an API key.
          </>
        }
      />

      <DocsCard
        id="auth-admin"
        title="Admin console session"
        description={
          <>
            The /admin routes used by this console take no API key: they need the session cookie set
            by signing in (POST /admin/session). API keys never grant admin access.
          </>
        }
      />
    </div>
  );
}
