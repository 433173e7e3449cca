import { VOICE_TOOL_NAMES, type Tenant, type VoiceToolName } from '@ehr-gateway/contracts';
import { sampleCallerRequest } from '@ehr-gateway/synthetic-practice';
import { Loader2, PhoneCall, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';

import { CodeBlock } from '@/components/code-block';
import { SelectField } from '@/components/select-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useSessionState } from '@/lib/session-state';

import {
  analyzeCallerWords,
  callToolAsVapi,
  createAthenaTenant,
  listTenants,
  EMPTY_MEMORY,
  proposeArguments,
  remember,
  type CallMemory,
  type ToolAnswer,
} from '../lib/voice-simulator';

/** Session-storage keys of the Voice Agent tab start with this. */
export const VOICE_STORE = 'ehrgw.voice.';

type Turn =
  | { id: number; kind: 'caller'; text: string }
  | {
      id: number;
      kind: 'tool';
      tool: VoiceToolName;
      args: Record<string, unknown>;
      answer: ToolAnswer;
    };

/** Plays a call: what the caller says, the tool an agent would call, and the gateway's answer. */
export function ConversationSimulator({ origin }: { origin: string }) {
  const id = useId();
  const [apiKey, setApiKey] = useState('');
  const [tenantId, setTenantId] = useSessionState(`${VOICE_STORE}tenant`, '1');
  const [callId, setCallId] = useState(() => `console-${crypto.randomUUID()}`);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [memory, setMemory] = useState<CallMemory>(EMPTY_MEMORY);
  const [said, setSaid] = useState('');
  const [tool, setTool] = useState<VoiceToolName>('verify_patient');
  const [argsText, setArgsText] = useState('{}');
  const [busy, setBusy] = useState<'propose' | 'call' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [tenants, setTenants] = useState<Tenant[] | null>(null);
  const callerSaid = turns.flatMap((turn) => (turn.kind === 'caller' ? [turn.text] : []));

  function addCallerTurn() {
    const text = said.trim();
    if (!text) {
      return;
    }
    setTurns((current) => [...current, { id: current.length, kind: 'caller', text }]);
    setSaid('');
  }

  async function propose() {
    setBusy('propose');
    setProblem(null);
    try {
      const analysis =
        tool === 'find_open_slots' && apiKey.trim()
          ? await analyzeCallerWords({
              origin,
              apiKey: apiKey.trim(),
              callerSaid,
              tenantId: Number(tenantId) || 1,
            })
          : undefined;
      setArgsText(JSON.stringify(proposeArguments(tool, callerSaid, memory, analysis), null, 2));
    } finally {
      setBusy(null);
    }
  }

  async function callTool() {
    let args: Record<string, unknown>;
    try {
      args = JSON.parse(argsText) as Record<string, unknown>;
    } catch {
      setProblem('The arguments are not valid JSON.');
      return;
    }
    if (!apiKey.trim()) {
      setProblem('Enter an API key with the tools scope.');
      return;
    }
    const withTenant = { ...args, tenant_id: Number(tenantId) || 1 };
    setBusy('call');
    setProblem(null);
    try {
      const answer = await callToolAsVapi({
        origin,
        apiKey: apiKey.trim(),
        callId,
        tool,
        args: withTenant,
      });
      setTurns((current) => [
        ...current,
        { id: current.length, kind: 'tool', tool, args: withTenant, answer },
      ]);
      setMemory((current) => remember(current, answer.data));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  }

  async function loadTenants() {
    if (!apiKey.trim()) {
      return;
    }
    try {
      setTenants(await listTenants(origin, apiKey.trim()));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  async function addAthenaTenant() {
    try {
      const tenant = await createAthenaTenant(origin, apiKey.trim());
      setTenants((current) => [...(current ?? []), tenant]);
      setTenantId(String(tenant.id));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  function newCall() {
    setCallId(`console-${crypto.randomUUID()}`);
    setTurns([]);
    setMemory(EMPTY_MEMORY);
    setArgsText('{}');
    setProblem(null);
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Conversation simulator</CardTitle>
        <CardDescription>
          Type what the caller says, pick a tool and its arguments (or let the built-in analyser
          propose them), and hear each answer as the voice agent would. Calls go through the Vapi
          webhook with this call&rsquo;s id, so references carry from one tool to the next.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-[1fr_16rem_auto] sm:items-end">
          <div className="space-y-2">
            <Label htmlFor={`${id}-key`}>API Key</Label>
            <Input
              id={`${id}-key`}
              type="password"
              autoComplete="off"
              value={apiKey}
              onChange={(event) => setApiKey(event.target.value)}
              onBlur={() => void loadTenants()}
              placeholder="A key with the tools scope"
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-tenant`}>Phone line (tenant)</Label>
            {tenants ? (
              <Select value={tenantId} onValueChange={setTenantId}>
                <SelectTrigger id={`${id}-tenant`} aria-label="Phone line (tenant)">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {tenants.map((tenant) => (
                    <SelectItem key={tenant.id} value={String(tenant.id)}>
                      {tenant.name} · {tenant.ehrSource === 'athena' ? 'athena' : 'Mock EHR'}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            ) : (
              <Input
                id={`${id}-tenant`}
                inputMode="numeric"
                value={tenantId}
                onChange={(event) => setTenantId(event.target.value.replace(/\D/g, ''))}
              />
            )}
          </div>
          <Button variant="outline" onClick={newCall}>
            <PhoneCall aria-hidden="true" />
            New call
          </Button>
        </div>
        {tenants && !tenants.some((tenant) => tenant.ehrSource === 'athena') && (
          <p className="text-sm text-muted-foreground">
            No phone line asks athena yet.{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => void addAthenaTenant()}>
              Add one on athena
            </Button>
          </p>
        )}

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
              <li key={turn.id} className="space-y-2 rounded-lg border p-3 text-sm">
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
            ),
          )}
        </ol>

        <div className="space-y-2">
          <Label htmlFor={`${id}-said`}>Caller says</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={`${id}-said`}
              value={said}
              onChange={(event) => setSaid(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addCallerTurn();
                }
              }}
              placeholder="What the caller says next"
            />
            <Button variant="outline" onClick={addCallerTurn} disabled={!said.trim()}>
              Add to conversation
            </Button>
          </div>
        </div>

        <div className="grid gap-4 sm:grid-cols-[16rem_1fr]">
          <div className="space-y-2">
            <SelectField
              id={`${id}-tool`}
              label="Tool"
              value={tool}
              options={VOICE_TOOL_NAMES.map((name) => ({ value: name, label: name }))}
              onChange={(value) => setTool(value as VoiceToolName)}
            />
            <Button
              variant="outline"
              className="w-full"
              onClick={() => void propose()}
              disabled={busy !== null}
            >
              {busy === 'propose' ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <Sparkles aria-hidden="true" />
              )}
              Propose arguments
            </Button>
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-args`}>Arguments (JSON)</Label>
            <textarea
              id={`${id}-args`}
              value={argsText}
              onChange={(event) => setArgsText(event.target.value)}
              spellCheck={false}
              rows={7}
              className="w-full rounded-md border bg-background p-2 font-mono text-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            />
          </div>
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {problem}
          </p>
        )}
        <Button onClick={() => void callTool()} disabled={busy !== null}>
          {busy === 'call' && <Loader2 aria-hidden="true" className="animate-spin" />}
          Call tool
        </Button>
      </CardContent>
    </Card>
  );
}
