import { ChevronDown, ChevronRight, Link2, Play } from 'lucide-react';
import { useId, useState } from 'react';

import { CopyButton } from '@/components/copy-button';
import { BreakablePath } from '@/components/breakable-path';
import { CodeBlock } from '@/components/code-block';
import { MethodBadge } from '@/components/method-badge';
import { statusInfo } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

import type { EndpointDoc } from '../lib/doc-tabs';
import { useScrollTarget } from '../lib/use-scroll-target';

import { ParametersTable } from './parameters-table';

function ExampleToggle({
  label,
  open,
  onToggle,
  id,
}: {
  label: string;
  open: boolean;
  onToggle: () => void;
  id: string;
}) {
  const Icon = open ? ChevronDown : ChevronRight;
  return (
    <Button variant="outline" size="sm" aria-expanded={open} aria-controls={id} onClick={onToggle}>
      <Icon aria-hidden="true" />
      {label}
    </Button>
  );
}

function ExamplePanel({ id, label, text }: { id: string; label: string; text: string }) {
  return (
    <div id={id} className="space-y-1">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-xs font-semibold text-muted-foreground uppercase">{label}</h4>
        <CopyButton
          text={text}
          label={`Copy ${label.toLowerCase()}`}
          successMessage={`${label} copied to clipboard`}
        />
      </div>
      <CodeBlock aria-label={label} className="max-h-96 text-foreground">
        {text}
      </CodeBlock>
    </div>
  );
}

/** Every declared status with its meaning and, where it has a body, the body's shape. */
function ResponsesList({ doc }: { doc: EndpointDoc }) {
  return (
    <div className="space-y-1">
      <h4 className="text-sm font-semibold">Responses</h4>
      <ul className="divide-y rounded-md border">
        {doc.responses.map((answer) => {
          const status = Number(answer.status);
          const { variant } = statusInfo(Number.isFinite(status) ? status : 500);
          return (
            <li key={answer.status} className="space-y-2 p-2 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={variant} className="font-mono">
                  {answer.status}
                </Badge>
                <span className="text-muted-foreground">{answer.description}</span>
              </div>
              {answer.shape && (
                <details className="group">
                  <summary className="w-fit cursor-pointer rounded-sm text-xs font-medium text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none dark:text-blue-300">
                    Body shape
                  </summary>
                  <CodeBlock aria-label={`${answer.status} body shape`} className="mt-1 p-2">
                    {answer.shape}
                  </CodeBlock>
                </details>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export interface EndpointCardProps {
  doc: EndpointDoc;
  /** The address of this card (`/endpoints?docs=…#operationId`), copied by its link button. */
  link?: string;
  onTryInTester?: (doc: EndpointDoc) => void;
  /** Set when a link names this card: each new value (a navigation's key) brings it into view. */
  targetKey?: string;
}

export function EndpointCard({ doc, link, onTryInTester, targetKey }: EndpointCardProps) {
  const ref = useScrollTarget<HTMLElement>(targetKey, { focus: true });
  const [showRequest, setShowRequest] = useState(false);
  const [showResponse, setShowResponse] = useState(false);
  const id = useId();
  const titleId = `${id}-title`;
  const requestId = `${id}-request`;
  const responseId = `${id}-response`;

  return (
    <Card
      ref={ref}
      id={doc.anchor}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-testid="endpoint-card"
      className="scroll-mt-24 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <MethodBadge method={doc.method} />
          <code className="font-mono text-sm break-words">
            <BreakablePath path={doc.path} />
          </code>
          <Badge variant="outline" className="ml-auto">
            {doc.source}
          </Badge>
        </div>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} className="text-base font-semibold">
            {doc.title}
          </h3>
          <div className="flex gap-2">
            {link && (
              <CopyButton
                text={link}
                label={`Copy link to ${doc.title}`}
                successMessage="Link to this endpoint copied"
                icon={Link2}
              />
            )}
            {onTryInTester && (
              <Button size="sm" onClick={() => onTryInTester(doc)}>
                <Play aria-hidden="true" />
                Try in tester
              </Button>
            )}
          </div>
        </div>
        {doc.description && <CardDescription>{doc.description}</CardDescription>}
        <p className="text-xs text-muted-foreground">
          <span className="font-medium text-foreground">Authentication:</span> {doc.auth}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        {doc.parameters.length > 0 && (
          <div className="space-y-1">
            <h4 className="text-sm font-semibold">{doc.parametersHeading}</h4>
            <ParametersTable
              rows={doc.parameters}
              label={`${doc.parametersHeading}: ${doc.method} ${doc.path}`}
            />
          </div>
        )}
        {doc.responses.length > 0 && <ResponsesList doc={doc} />}
        <div className="flex flex-wrap gap-2">
          <ExampleToggle
            label="Example Request"
            open={showRequest}
            onToggle={() => setShowRequest((open) => !open)}
            id={requestId}
          />
          <ExampleToggle
            label="Example Response"
            open={showResponse}
            onToggle={() => setShowResponse((open) => !open)}
            id={responseId}
          />
        </div>
        {showRequest && (
          <ExamplePanel id={requestId} label="Example request" text={doc.exampleRequest} />
        )}
        {showResponse && (
          <ExamplePanel id={responseId} label="Example response" text={doc.exampleResponse} />
        )}
      </CardContent>
    </Card>
  );
}
