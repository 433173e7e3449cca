import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';

import { MethodBadge } from '@/components/method-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

import type { EndpointDoc } from '../lib/doc-tabs';

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
      <h4 className="text-xs font-semibold text-muted-foreground uppercase">{label}</h4>
      <pre
        tabIndex={0}
        aria-label={label}
        className="max-h-96 overflow-auto rounded-md border bg-muted p-3 font-mono text-xs leading-relaxed text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {text}
      </pre>
    </div>
  );
}

export function EndpointCard({ doc }: { doc: EndpointDoc }) {
  const [showRequest, setShowRequest] = useState(false);
  const [showResponse, setShowResponse] = useState(false);
  const id = useId();
  const titleId = `${id}-title`;
  const requestId = `${id}-request`;
  const responseId = `${id}-response`;

  return (
    <Card aria-labelledby={titleId} data-testid="endpoint-card">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <MethodBadge method={doc.method} />
          <code className="font-mono text-sm break-all">{doc.path}</code>
          <Badge variant="outline" className="ml-auto">
            {doc.source}
          </Badge>
        </div>
        <h3 id={titleId} className="text-base font-semibold">
          {doc.title}
        </h3>
        {doc.description && <CardDescription>{doc.description}</CardDescription>}
      </CardHeader>
      <CardContent className="space-y-4">
        {doc.parameters.length > 0 && (
          <div className="space-y-1">
            <h4 className="text-sm font-semibold">{doc.parametersHeading}</h4>
            <Table aria-label={`${doc.parametersHeading}: ${doc.method} ${doc.path}`}>
              <TableHeader>
                <TableRow>
                  <TableHead>Parameter</TableHead>
                  <TableHead>Type</TableHead>
                  <TableHead>Required</TableHead>
                  <TableHead>Description</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {doc.parameters.map((row) => (
                  <TableRow key={row.name}>
                    <TableCell className="font-mono text-xs">{row.name}</TableCell>
                    <TableCell className="font-mono text-xs">{row.type}</TableCell>
                    <TableCell>{row.required ? 'Yes' : 'No'}</TableCell>
                    <TableCell className="min-w-48 text-muted-foreground">
                      {row.description}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
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
