import { Loader2, Send } from 'lucide-react';

import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';

import { toCurl, toFetch } from '../lib/request-snippets';
import { describeRequest, type TestRequest } from '../lib/send-test-request';

const COPY_CONFIRM_MS = 1000;

/** Send, and the request copied as text, cURL or fetch (secrets as placeholders). */
export function RequestActions({
  request,
  sending,
  onSend,
}: {
  request: TestRequest;
  sending: boolean;
  onSend: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button onClick={onSend} disabled={sending}>
        {sending ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <Send aria-hidden="true" />
        )}
        Send Request
      </Button>
      <CopyButton
        text={describeRequest(request)}
        label="Copy request"
        confirmMs={COPY_CONFIRM_MS}
        successMessage="Request copied to clipboard"
        size="icon"
      />
      <CopyButton
        text={toCurl(request)}
        label="Copy as cURL"
        caption="cURL"
        successMessage="cURL command copied; set API_KEY in your shell first"
        showText
      />
      <CopyButton
        text={toFetch(request)}
        label="Copy as fetch"
        caption="fetch"
        successMessage="fetch call copied; it reads process.env.API_KEY"
        showText
      />
      <span className="text-xs text-muted-foreground">
        <kbd className="rounded border px-1 font-mono">Ctrl</kbd>/
        <kbd className="rounded border px-1 font-mono">⌘</kbd>+
        <kbd className="rounded border px-1 font-mono">Enter</kbd> sends
      </span>
    </div>
  );
}
