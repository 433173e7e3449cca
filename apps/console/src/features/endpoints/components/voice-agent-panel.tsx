import {
  TOOL_PLATFORMS,
  toolDefinitions,
  toolParameters,
  VOICE_TOOL_NAMES,
  VOICE_TOOLS,
  type ToolPlatform,
  type VoiceToolName,
} from '@ehr-gateway/contracts';
import { Wrench } from 'lucide-react';
import { useId, useMemo } from 'react';

import { CodeBlock } from '@/components/code-block';
import { CopyButton } from '@/components/copy-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { useSessionState } from '@/lib/session-state';

import { bodyRows, type JsonSchema } from '../lib/openapi';

import { ConversationSimulator, VOICE_STORE } from './conversation-simulator';
import { ParametersTable } from './parameters-table';

const PLATFORM_LABELS: Record<ToolPlatform, string> = {
  vapi: 'Vapi',
  retell: 'Retell',
  openai: 'OpenAI',
};

/** The scheduling tools a voice agent calls, their definitions per platform, and a simulator. */
export function VoiceAgentPanel({ origin = window.location.origin }: { origin?: string }) {
  const id = useId();
  const [platform, setPlatform] = useSessionState<ToolPlatform>(`${VOICE_STORE}platform`, 'vapi');
  const definitions = useMemo(() => toolDefinitions(platform, origin), [platform, origin]);
  const definitionOf = (tool: VoiceToolName) =>
    JSON.stringify(definitions.tools[VOICE_TOOL_NAMES.indexOf(tool)], null, 2);

  return (
    <div className="space-y-6">
      <Card aria-labelledby={`${id}-tools`}>
        <CardHeader className="gap-3">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="space-y-1.5">
              <CardTitle id={`${id}-tools`}>Voice Agent Tools</CardTitle>
              <CardDescription>
                The scheduling conversation as tools a voice agent calls: paste the definitions into
                your platform (see docs/voice-agents.md, &ldquo;Connect a voice agent&rdquo;). URLs
                use this console&rsquo;s address; the gateway&rsquo;s{' '}
                <code className="font-mono">/llm/tools/definitions</code> uses PUBLIC_BASE_URL.
              </CardDescription>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <SegmentedControl
                label="Platform"
                options={TOOL_PLATFORMS.map((name) => ({
                  value: name,
                  label: PLATFORM_LABELS[name],
                }))}
                value={platform}
                onChange={setPlatform}
              />
              <CopyButton
                text={JSON.stringify(definitions.tools, null, 2)}
                label={`Copy all ${PLATFORM_LABELS[platform]} definitions`}
                caption="Copy all"
                showText
                successMessage={`${VOICE_TOOL_NAMES.length} ${PLATFORM_LABELS[platform]} tool definitions copied`}
              />
            </div>
          </div>
        </CardHeader>
        <CardContent className="space-y-4">
          {VOICE_TOOL_NAMES.map((tool) => (
            <section
              key={tool}
              aria-labelledby={`${id}-${tool}`}
              className="space-y-3 rounded-lg border p-4"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3
                  id={`${id}-${tool}`}
                  className="flex items-center gap-2 font-mono text-sm font-semibold"
                >
                  <Wrench aria-hidden="true" className="size-4" />
                  {tool}
                </h3>
                <CopyButton
                  text={definitionOf(tool)}
                  label={`Copy the ${PLATFORM_LABELS[platform]} definition of ${tool}`}
                  successMessage={`${tool} definition copied`}
                />
              </div>
              <p className="text-sm text-muted-foreground">{VOICE_TOOLS[tool].description}</p>
              <details>
                <summary className="w-fit cursor-pointer rounded-sm text-xs font-medium text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none dark:text-blue-300">
                  Parameters
                </summary>
                <div className="mt-2">
                  <ParametersTable
                    rows={bodyRows(toolParameters(tool) as JsonSchema, '', 1)}
                    label={`${tool} parameters`}
                  />
                </div>
              </details>
              <details>
                <summary className="w-fit cursor-pointer rounded-sm text-xs font-medium text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none dark:text-blue-300">
                  {PLATFORM_LABELS[platform]} definition
                </summary>
                <CodeBlock
                  aria-label={`${tool} ${PLATFORM_LABELS[platform]} definition`}
                  className="mt-2"
                >
                  {definitionOf(tool)}
                </CodeBlock>
              </details>
            </section>
          ))}
        </CardContent>
      </Card>
      <ConversationSimulator origin={origin} />
    </div>
  );
}
