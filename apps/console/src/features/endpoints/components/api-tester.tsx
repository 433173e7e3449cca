import { HEADERS } from '@ehr-gateway/contracts';
import { KeyRound, Loader2, Plus, Send, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/lib/toast';

import { CopyButton } from '@/components/copy-button';
import { MethodBadge } from '@/components/method-badge';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SegmentedControl } from '@/components/ui/segmented-control';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { formatResponseTime } from '@/lib/format';
import { useSessionState } from '@/lib/session-state';
import { toastUntilClosed } from '@/lib/toast-queue';
import { cn } from '@/lib/utils';

import type { TryRequest } from '../lib/doc-tabs';
import {
  CATEGORIES,
  patientsPath,
  PRESET_SOURCE_LABELS,
  PRESET_SOURCES,
  presetsFor,
  SOURCE_CATEGORIES,
  type Category,
  type Preset,
  type PresetSource,
} from '../lib/presets';
import { useRequestHistory, type HistoryEntry } from '../lib/request-history';
import { parseServerTiming, toCurl, toFetch } from '../lib/request-snippets';
import {
  BODY_METHODS,
  describeRequest,
  fullUrl,
  isSecretHeader,
  sendTestRequest,
  SUGGESTED_HEADERS,
  IDEMPOTENCY_KEY_HEADER,
  namesHeader,
  type HeaderRow,
  type QueryRow,
  type TestResponse,
} from '../lib/send-test-request';

import { RequestHistoryCard } from './request-history-card';

// CodeMirror is only downloaded when a request with a body is being edited.
const JsonEditor = lazy(() =>
  import('./json-editor').then((module) => ({ default: module.JsonEditor })),
);

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const NO_URL_MESSAGE = 'Please enter a URL';
export const NO_KEY_MESSAGE = 'No API key provided. Some endpoints may require authentication.';
export const FULL_ACCESS_MESSAGE = 'For full API access, please provide a valid API key';
const COPY_CONFIRM_MS = 1000;

/** Where the tester keeps its draft in sessionStorage. */
const STORE = 'ehrgw.tester.';

export interface ApiTesterProps {
  apiRoot: string;
  practiceId: string;
  origin?: string;
  /**
   * The EHR the default request asks: the Mock EHR where athena is not configured, so the first
   * Send answers instead of a 503; athena (the spec's default, no parameter) otherwise.
   */
  defaultSource?: 'athena' | 'mock';
  /** athena's practice, for presets that ask athena; null when athena is not configured. */
  athenaPracticeId?: string | null;
  /** A documented operation's example ("Try in tester"), loaded into the editor once. */
  prefill?: TryRequest | null;
  onPrefillApplied?: () => void;
}

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

function isMethod(value: string): value is (typeof METHODS)[number] {
  return (METHODS as readonly string[]).includes(value);
}

/** A labelled select over plain string options (the tester's category and method). */
function ChoiceSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  return (
    <>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} aria-label={label}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((name) => (
            <SelectItem key={name} value={name}>
              {name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </>
  );
}

function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** The gateway's own time and the time it waited on the EHR, side by side. */
function ServerTimingBar({ timings }: { timings: Array<{ name: string; ms: number }> }) {
  const gateway = timings.find((timing) => timing.name === 'gateway')?.ms;
  if (gateway === undefined || gateway <= 0) {
    return null;
  }
  const upstream = Math.min(timings.find((timing) => timing.name === 'upstream')?.ms ?? 0, gateway);
  const own = gateway - upstream;
  const summary =
    upstream > 0
      ? `${formatResponseTime(gateway)} in the gateway, of which ${formatResponseTime(upstream)} waiting on the EHR`
      : `${formatResponseTime(gateway)} in the gateway, no upstream call`;
  return (
    <figure className="space-y-1" aria-label="Server timing">
      <div
        role="img"
        aria-label={summary}
        className="flex h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-blue-600" style={{ width: `${(own / gateway) * 100}%` }} />
        <div className="h-full bg-amber-500" style={{ width: `${(upstream / gateway) * 100}%` }} />
      </div>
      <figcaption className="flex flex-wrap gap-x-4 text-xs text-muted-foreground">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block size-2 rounded-full bg-blue-600" />
          Gateway {formatResponseTime(own)}
        </span>
        {upstream > 0 && (
          <span>
            <span
              aria-hidden="true"
              className="mr-1 inline-block size-2 rounded-full bg-amber-500"
            />
            Upstream {formatResponseTime(upstream)}
          </span>
        )}
      </figcaption>
    </figure>
  );
}

export function ApiTester({
  apiRoot,
  practiceId,
  origin = window.location.origin,
  defaultSource = 'athena',
  athenaPracticeId = null,
  prefill = null,
  onPrefillApplied,
}: ApiTesterProps) {
  const id = useId();
  const nextRowId = useRef(0);
  // The request being edited outlives a switch to the docs and a reload (this tab only); the key
  // only when the user asks, since sessionStorage is readable by any script on the page.
  const [category, setCategory] = useSessionState<Category>(`${STORE}category`, 'Standard');
  const [selectedPreset, setSelectedPreset] = useSessionState<string | null>(
    `${STORE}preset`,
    null,
  );
  const [method, setMethod] = useSessionState<string>(`${STORE}method`, 'GET');
  const [presetSource, setPresetSource] = useSessionState<PresetSource>(
    `${STORE}preset-source`,
    defaultSource,
  );
  const [url, setUrl] = useSessionState(
    `${STORE}url`,
    () => `${origin}${patientsPath({ apiRoot, practiceId })}`,
  );
  const [rememberKey, setRememberKey] = useSessionState(`${STORE}remember-key`, false);
  const [apiKey, setApiKey] = useSessionState(`${STORE}api-key`, '', { keep: rememberKey });
  const [rows, setRows] = useSessionState<QueryRow[]>(`${STORE}query`, () =>
    defaultSource === 'mock'
      ? [
          { id: 0, key: 'source', value: 'mock' },
          { id: 1, key: '', value: '' },
        ]
      : [{ id: 0, key: '', value: '' }],
  );
  const [headerRows, setHeaderRows] = useSessionState<HeaderRow[]>(`${STORE}headers`, [], {
    // A secret header (X-Vapi-Secret) is kept like the key: only when the user asks.
    keep: (rows) =>
      rememberKey || !rows.some((row) => isSecretHeader(row.name) && row.value !== ''),
  });
  const [body, setBody] = useSessionState(`${STORE}body`, '{}');
  const [sending, setSending] = useState(false);
  const history = useRequestHistory();
  const [response, setResponse] = useSessionState<TestResponse | null>(`${STORE}response`, null);

  const presets = presetsFor(category, {
    apiRoot,
    practiceId,
    source: presetSource,
    athenaPracticeId,
  });
  const hasBody = BODY_METHODS.has(method);
  const request = { method, url, queryRows: rows, headerRows, apiKey, body };
  const requestUrl = fullUrl(url.trim(), rows);

  function newRow(key = '', value = ''): QueryRow {
    // Row ids only need to be unique among the rows shown, restored ones included.
    nextRowId.current = Math.max(nextRowId.current, ...rows.map((row) => row.id + 1));
    return { id: nextRowId.current++, key, value };
  }

  function newHeaderRow(name = '', value = ''): HeaderRow {
    nextRowId.current = Math.max(nextRowId.current, ...headerRows.map((row) => row.id + 1));
    return { id: nextRowId.current++, name, value };
  }

  function applyPreset(preset: Preset) {
    const prepared = preset.prepare?.() ?? {};
    const presetBody = prepared.body ?? preset.body;
    setSelectedPreset(preset.id);
    setMethod(preset.method);
    setUrl(`${origin}${preset.path}`);
    const presetRows = Object.entries(preset.params).map(([key, value]) => newRow(key, value));
    setRows(presetRows.length ? presetRows : [newRow()]);
    setHeaderRows(
      Object.entries(prepared.headers ?? {}).map(([name, value]) => newHeaderRow(name, value)),
    );
    setBody(presetBody === undefined ? '{}' : JSON.stringify(presetBody, null, 2));
  }

  // An operation opened from the documentation replaces the draft, as a preset would.
  useEffect(() => {
    if (!prefill) {
      return;
    }
    setSelectedPreset(null);
    setMethod(prefill.method);
    setUrl(prefill.url);
    const queryRows = prefill.query.map(([key, value]) => newRow(key, value));
    setRows(queryRows.length ? queryRows : [newRow()]);
    setHeaderRows([]);
    setBody(prefill.body ?? '{}');
    onPrefillApplied?.();
    // Applied once per prefill; the setters are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefill]);

  /** Loads a sent request back into the editor; what only its tab kept may be gone. */
  function replay(entry: HistoryEntry) {
    const detail = history.detailOf(entry.id);
    setSelectedPreset(null);
    setMethod(entry.method);
    setUrl(detail?.url ?? entry.url);
    setRows(detail?.queryRows.length ? detail.queryRows : [newRow()]);
    setHeaderRows(detail?.headerRows ?? []);
    setBody(detail?.body ?? '{}');
    if (!detail) {
      toast.info('Replayed without its details', {
        description:
          'Its query, headers and body were kept only in the tab that sent it: fill them in again.',
      });
    }
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  function updateHeaderRow(rowId: number, change: Partial<Omit<HeaderRow, 'id'>>) {
    setHeaderRows((current) =>
      current.map((row) => (row.id === rowId ? { ...row, ...change } : row)),
    );
  }

  /** A new key for a write that must happen once: replaces the row's value, or adds the row. */
  function newIdempotencyKey() {
    const key = crypto.randomUUID();
    setHeaderRows((current) =>
      current.some((row) => namesHeader(row.name, HEADERS.idempotencyKey))
        ? current.map((row) =>
            namesHeader(row.name, HEADERS.idempotencyKey) ? { ...row, value: key } : row,
          )
        : [...current, newHeaderRow(IDEMPOTENCY_KEY_HEADER, key)],
    );
  }

  function updateRow(rowId: number, change: Partial<Omit<QueryRow, 'id'>>) {
    setRows((current) => current.map((row) => (row.id === rowId ? { ...row, ...change } : row)));
  }

  async function handleSend() {
    if (!url.trim()) {
      toast.error('Error', { description: NO_URL_MESSAGE });
      return;
    }
    // The info toast below waits for this warning to close, so the warning is read.
    const warningClosed = apiKey.trim()
      ? Promise.resolve()
      : toastUntilClosed('warning', 'Warning', { description: NO_KEY_MESSAGE });
    const sayFullAccess = () =>
      void warningClosed.then(() => toast.info('Info', { description: FULL_ACCESS_MESSAGE }));
    setSending(true);
    const started = performance.now();
    try {
      const answer = await sendTestRequest(request);
      setResponse(answer);
      history.add(request, answer);
      sayFullAccess();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const time = Math.round(performance.now() - started);
      setResponse({ status: 0, time, data: message, headers: [], size: 0 });
      history.add(request, { status: 0, time });
      sayFullAccess();
      toast.error('Request Failed', { description: message });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="space-y-6">
      <Card aria-labelledby={`${id}-title`}>
        <CardHeader>
          <CardTitle id={`${id}-title`}>API Tester</CardTitle>
          <CardDescription>
            Send requests to the gateway with an API key and inspect the answers.
          </CardDescription>
        </CardHeader>
        <CardContent
          className="space-y-6"
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey) && !sending) {
              event.preventDefault();
              void handleSend();
            }
          }}
        >
          <div className="max-w-xs space-y-2">
            <ChoiceSelect
              id={`${id}-category`}
              label="Category"
              value={category}
              options={CATEGORIES}
              onChange={(value) => isCategory(value) && setCategory(value)}
            />
          </div>

          <section aria-labelledby={`${id}-presets`} className="space-y-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={`${id}-presets`} className="text-sm font-semibold">
                Presets: {category}
              </h3>
              {SOURCE_CATEGORIES.includes(category) && (
                <SegmentedControl
                  label="EHR the presets ask"
                  options={PRESET_SOURCES.map((source) => ({
                    value: source,
                    label: PRESET_SOURCE_LABELS[source],
                  }))}
                  value={presetSource}
                  onChange={setPresetSource}
                />
              )}
            </div>
            <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
              {presets.map((preset) => (
                <li key={preset.id}>
                  <button
                    type="button"
                    aria-pressed={selectedPreset === preset.id}
                    onClick={() => applyPreset(preset)}
                    className={cn(
                      'flex h-full w-full flex-col items-start gap-1 rounded-lg border bg-card p-3 text-left text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                      selectedPreset === preset.id && 'border-primary ring-1 ring-primary',
                    )}
                  >
                    <span className="flex items-center gap-2">
                      <MethodBadge method={preset.method} />
                      <span className="font-medium">{preset.name}</span>
                    </span>
                    <code className="font-mono text-xs break-all text-muted-foreground">
                      {preset.path}
                    </code>
                  </button>
                </li>
              ))}
            </ul>
          </section>

          <div className="grid gap-4 md:grid-cols-[10rem_1fr]">
            <div className="space-y-2">
              <ChoiceSelect
                id={`${id}-method`}
                label="Method"
                value={method}
                options={METHODS}
                onChange={(value) => isMethod(value) && setMethod(value)}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor={`${id}-url`}>URL</Label>
              <Input
                id={`${id}-url`}
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                spellCheck={false}
                className="font-mono"
                aria-describedby={`${id}-full-url`}
              />
              <p id={`${id}-full-url`} className="text-xs break-all text-muted-foreground">
                Full URL: <code className="font-mono">{requestUrl || '—'}</code>
              </p>
            </div>
          </div>

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

          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Query Parameters</legend>
            <p className="text-xs text-muted-foreground">
              Only rows with both a key and a value are sent.
            </p>
            <ul className="space-y-2">
              {rows.map((row, index) => (
                <li key={row.id} className="flex gap-2">
                  <Input
                    aria-label={`Parameter ${index + 1} key`}
                    placeholder="key"
                    value={row.key}
                    onChange={(event) => updateRow(row.id, { key: event.target.value })}
                    className="font-mono"
                  />
                  <Input
                    aria-label={`Parameter ${index + 1} value`}
                    placeholder="value"
                    value={row.value}
                    onChange={(event) => updateRow(row.id, { value: event.target.value })}
                    className="font-mono"
                  />
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={`Remove parameter ${index + 1}`}
                    title="Remove parameter"
                    onClick={() =>
                      setRows((current) => current.filter(({ id: rowId }) => rowId !== row.id))
                    }
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setRows((current) => [...current, newRow()])}
            >
              <Plus aria-hidden="true" />
              Add Parameter
            </Button>
          </fieldset>

          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Headers</legend>
            <p className="text-xs text-muted-foreground">
              Sent besides Accept, Content-Type and the API key; a row with the same name replaces
              them.
            </p>
            <datalist id={`${id}-header-names`}>
              {SUGGESTED_HEADERS.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            {headerRows.length > 0 && (
              <ul className="space-y-2">
                {headerRows.map((row, index) => (
                  <li key={row.id} className="flex gap-2">
                    <Input
                      aria-label={`Header ${index + 1} name`}
                      placeholder="Header-Name"
                      list={`${id}-header-names`}
                      value={row.name}
                      onChange={(event) => updateHeaderRow(row.id, { name: event.target.value })}
                      className="font-mono"
                    />
                    <Input
                      aria-label={`Header ${index + 1} value`}
                      placeholder="value"
                      type={isSecretHeader(row.name) ? 'password' : 'text'}
                      autoComplete="off"
                      value={row.value}
                      onChange={(event) => updateHeaderRow(row.id, { value: event.target.value })}
                      className="font-mono"
                    />
                    <Button
                      variant="outline"
                      size="icon"
                      aria-label={`Remove header ${index + 1}`}
                      title="Remove header"
                      onClick={() =>
                        setHeaderRows((current) =>
                          current.filter(({ id: rowId }) => rowId !== row.id),
                        )
                      }
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => setHeaderRows((current) => [...current, newHeaderRow()])}
              >
                <Plus aria-hidden="true" />
                Add Header
              </Button>
              <Button variant="outline" size="sm" onClick={newIdempotencyKey}>
                <KeyRound aria-hidden="true" />
                New Idempotency-Key
              </Button>
            </div>
          </fieldset>

          {hasBody && (
            <div className="space-y-2">
              <Label id={`${id}-body-label`}>Request Body (JSON)</Label>
              <Suspense
                fallback={
                  <div className="h-40 rounded-md border bg-muted text-sm text-muted-foreground" />
                }
              >
                <JsonEditor value={body} onChange={setBody} labelledBy={`${id}-body-label`} />
              </Suspense>
            </div>
          )}

          <div className="flex flex-wrap items-center gap-2">
            <Button onClick={handleSend} disabled={sending}>
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
        </CardContent>
      </Card>

      {response && (
        <Card aria-labelledby={`${id}-response`}>
          <CardHeader>
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle id={`${id}-response`}>Response</CardTitle>
              {response.status === 0 ? (
                <Badge variant="error">0 No Response</Badge>
              ) : (
                <StatusBadge status={response.status} />
              )}
              <span className="text-sm text-muted-foreground">
                {formatResponseTime(response.time)}
              </span>
              {/* A response kept from before sizes were measured has none. */}
              {response.status !== 0 && typeof response.size === 'number' && (
                <span className="text-sm text-muted-foreground">{formatBytes(response.size)}</span>
              )}
            </div>
          </CardHeader>
          <CardContent className="grid gap-3">
            <ServerTimingBar
              timings={parseServerTiming(
                response.headers.find(([name]) => name === 'server-timing')?.[1],
              )}
            />
            {response.headers.length > 0 && (
              <details className="rounded-md border">
                <summary className="cursor-pointer px-3 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                  Response headers ({response.headers.length})
                </summary>
                <dl
                  aria-label="Response headers"
                  className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 border-t px-3 py-2 font-mono text-xs"
                >
                  {response.headers.map(([name, value]) => (
                    <div key={name} className="contents">
                      <dt className="font-semibold break-all">{name}</dt>
                      <dd className="break-all text-muted-foreground">{value}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            )}
            <pre
              tabIndex={0}
              aria-label="Response body"
              className="max-h-[32rem] overflow-auto rounded-md border bg-muted p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {response.data || '(empty body)'}
            </pre>
          </CardContent>
        </Card>
      )}
      <RequestHistoryCard
        entries={history.entries}
        onReplay={replay}
        onDelete={(entry) => history.remove(entry.id)}
        onClear={history.clear}
      />
    </div>
  );
}
