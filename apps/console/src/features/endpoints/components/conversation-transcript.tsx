import { sampleCallerRequest } from '@ehr-gateway/synthetic-practice';

import { CodeBlock } from '@/components/code-block';
import { Badge } from '@/components/ui/badge';

import type { Turn } from '../lib/use-simulated-call';

/** The call so far: the caller's words and, for each tool called, what the agent hears. */
export function ConversationTranscript({ turns }: { turns: Turn[] }) {
  return (
    <ol aria-label="Conversation" className="space-y-3">
      {turns.length === 0 && (
        <li className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
          Nothing said yet. Start with the caller, e.g. &ldquo;
          {sampleCallerRequest({ sayBirthDate: true })}&rdquo;
        </li>
      )}
      {turns.map((turn) =>
        turn.kind === 'caller' ? (
          <li key={turn.id} className="rounded-lg bg-muted p-3 text-sm">
            <span className="font-semibold">Caller: </span>
            {turn.text}
          </li>
        ) : (
          <ToolTurn key={turn.id} turn={turn} />
        ),
      )}
    </ol>
  );
}

function ToolTurn({ turn }: { turn: Extract<Turn, { kind: 'tool' }> }) {
  return (
    <li className="space-y-2 rounded-lg border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline" className="font-mono">
          {turn.tool}
        </Badge>
        {turn.answer.error && <Badge variant="error">Refused</Badge>}
      </div>
      <p aria-label={`${turn.tool} answer`}>
        <span className="font-semibold">Agent hears: </span>
        {turn.answer.error ?? turn.answer.sentence}
      </p>
      <details>
        <summary className="w-fit cursor-pointer rounded-sm text-xs font-medium text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none dark:text-blue-300">
          Arguments and data
        </summary>
        <CodeBlock className="mt-2">
          {JSON.stringify({ arguments: turn.args, data: turn.answer.data }, null, 2)}
        </CodeBlock>
      </details>
    </li>
  );
}
