import type { VoiceToolName } from '@ehr-gateway/contracts';
import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSessionState } from '@/lib/session-state';

import { useSimulatedCall } from '../lib/use-simulated-call';

import { CallLineFields } from './call-line-fields';
import { CallerSaysField } from './caller-says-field';
import { ConversationTranscript } from './conversation-transcript';
import { ScriptLoader } from './script-loader';
import { ToolCallComposer } from './tool-call-composer';

/** Session-storage keys of the Voice Agent tab start with this. */
export const VOICE_STORE = 'ehrgw.voice.';

/** Plays a call: what the caller says, the tool an agent would call, and the gateway's answer. */
export function ConversationSimulator({ origin }: { origin: string }) {
  const id = useId();
  const [apiKey, setApiKey] = useState('');
  const [tenantId, setTenantId] = useSessionState(`${VOICE_STORE}tenant`, '1');
  const [tool, setTool] = useState<VoiceToolName>('verify_patient');
  const [argsText, setArgsText] = useState('{}');
  const call = useSimulatedCall({ origin, apiKey, tenantId });

  async function propose() {
    const proposal = await call.propose(tool);
    if (proposal) {
      setArgsText(JSON.stringify(proposal, null, 2));
    }
  }

  function newCall() {
    call.restart();
    setArgsText('{}');
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
        <CallLineFields
          id={id}
          origin={origin}
          apiKey={apiKey}
          onApiKeyChange={setApiKey}
          tenantId={tenantId}
          onTenantChange={setTenantId}
          onNewCall={newCall}
          onProblem={call.setProblem}
        />
        <ScriptLoader
          id={id}
          disabled={call.busy !== null}
          onPlay={(script) => void call.playScript(script)}
        />
        <ConversationTranscript turns={call.turns} />
        <CallerSaysField id={id} onSay={call.addCallerTurn} />
        <ToolCallComposer
          id={id}
          tool={tool}
          onToolChange={setTool}
          argsText={argsText}
          onArgsTextChange={setArgsText}
          proposing={call.busy === 'propose'}
          disabled={call.busy !== null}
          onPropose={() => void propose()}
        />
        {call.problem && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {call.problem}
          </p>
        )}
        <Button onClick={() => void call.callTool(tool, argsText)} disabled={call.busy !== null}>
          {call.busy === 'call' && <Loader2 aria-hidden="true" className="animate-spin" />}
          Call tool
        </Button>
      </CardContent>
    </Card>
  );
}
