import { HEADERS } from '@ehr-gateway/contracts';
import { KeyRound } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';

import { SelectField } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

import { HTTP_METHODS } from '../lib/openapi';
import { freshRowId } from '../lib/query-rows';
import {
  BODY_METHODS,
  IDEMPOTENCY_KEY_HEADER,
  isSecretHeader,
  namesHeader,
  SUGGESTED_HEADERS,
  type HeaderRow,
} from '../lib/send-test-request';
import type { TesterDraft } from '../lib/use-tester-draft';
import { KeyValueEditor } from './key-value-editor';

// CodeMirror is only downloaded when a request with a body is being edited.
const JsonEditor = lazy(() =>
  import('./json-editor').then((module) => ({ default: module.JsonEditor })),
);

const METHOD_OPTIONS = HTTP_METHODS.map((method) => method.toUpperCase()).map((method) => ({
  value: method,
  label: method,
}));

/** A new key for a write that must happen once: replaces the row's value, or adds the row. */
function withNewIdempotencyKey(rows: HeaderRow[]): HeaderRow[] {
  const key = crypto.randomUUID();
  return rows.some((row) => namesHeader(row.name, HEADERS.idempotencyKey))
    ? rows.map((row) =>
        namesHeader(row.name, HEADERS.idempotencyKey) ? { ...row, value: key } : row,
      )
    : [...rows, { id: freshRowId(rows), name: IDEMPOTENCY_KEY_HEADER, value: key }];
}

export interface ApiKeyState {
  apiKey: string;
  setApiKey: (key: string) => void;
  rememberKey: boolean;
  setRememberKey: (remember: boolean) => void;
}

function ApiKeyField({ apiKey, setApiKey, rememberKey, setRememberKey }: ApiKeyState) {
  const id = useId();
  return (
    <div className="max-w-md space-y-2">
      <Label htmlFor={`${id}-api-key`}>API Key</Label>
      <Input
        id={`${id}-api-key`}
        type="password"
        autoComplete="off"
        placeholder="ehrgw_…"
        value={apiKey}
        onChange={(event) => setApiKey(event.target.value)}
      />
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-remember-key`}
          checked={rememberKey}
          onChange={(event) => setRememberKey(event.target.checked)}
        />
        <Label htmlFor={`${id}-remember-key`} className="text-sm font-normal">
          Remember for this tab
        </Label>
      </div>
    </div>
  );
}

/** Method, URL, key, parameters, headers and body of the request being edited. */
export function RequestEditor({ draft, keyState }: { draft: TesterDraft; keyState: ApiKeyState }) {
  const id = useId();
  return (
    <>
      <div className="grid gap-4 md:grid-cols-[10rem_1fr]">
        <SelectField
          id={`${id}-method`}
          label="Method"
          value={draft.method}
          options={METHOD_OPTIONS}
          onChange={draft.setMethod}
        />
        <div className="space-y-2">
          <Label htmlFor={`${id}-url`}>URL</Label>
          <Input
            id={`${id}-url`}
            value={draft.url}
            onChange={(event) => draft.changeUrl(event.target.value)}
            spellCheck={false}
            className="font-mono"
          />
        </div>
      </div>

      <ApiKeyField {...keyState} />

      <KeyValueEditor
        legend="Query Parameters"
        hint="The query of the URL above: editing either changes the other. Rows without a key are not sent."
        noun="Parameter"
        nameLabel="key"
        namePlaceholder="key"
        rows={draft.queryRows}
        onChange={draft.changeQueryRows}
      />

      <KeyValueEditor
        legend="Headers"
        hint="Sent besides Accept, Content-Type and the API key; a row with the same name replaces them."
        noun="Header"
        nameLabel="name"
        namePlaceholder="Header-Name"
        rows={draft.headerRows}
        onChange={draft.setHeaderRows}
        suggestions={SUGGESTED_HEADERS}
        isSecret={isSecretHeader}
      >
        <Button
          variant="outline"
          size="sm"
          onClick={() => draft.setHeaderRows(withNewIdempotencyKey)}
        >
          <KeyRound aria-hidden="true" />
          New Idempotency-Key
        </Button>
      </KeyValueEditor>

      {BODY_METHODS.has(draft.method) && (
        <div className="space-y-2">
          <Label id={`${id}-body-label`}>Request Body (JSON)</Label>
          <Suspense
            fallback={
              <div className="h-40 rounded-md border bg-muted text-sm text-muted-foreground" />
            }
          >
            <JsonEditor
              value={draft.body}
              onChange={draft.setBody}
              labelledBy={`${id}-body-label`}
            />
          </Suspense>
        </div>
      )}
    </>
  );
}
