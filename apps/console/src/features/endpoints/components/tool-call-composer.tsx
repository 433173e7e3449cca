import { VOICE_TOOL_NAMES, type VoiceToolName } from '@ehr-gateway/contracts';
import { Loader2, Sparkles } from 'lucide-react';

import { SelectField } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';

interface ToolCallComposerProps {
  id: string;
  tool: VoiceToolName;
  onToolChange: (tool: VoiceToolName) => void;
  argsText: string;
  onArgsTextChange: (argsText: string) => void;
  proposing: boolean;
  disabled: boolean;
  onPropose: () => void;
}

/** The next tool call: which tool, and its arguments as JSON (typed, or proposed from the call). */
export function ToolCallComposer({
  id,
  tool,
  onToolChange,
  argsText,
  onArgsTextChange,
  proposing,
  disabled,
  onPropose,
}: ToolCallComposerProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-[16rem_1fr]">
      <div className="space-y-2">
        <SelectField
          id={`${id}-tool`}
          label="Tool"
          value={tool}
          options={VOICE_TOOL_NAMES.map((name) => ({ value: name, label: name }))}
          onChange={(value) => onToolChange(value as VoiceToolName)}
        />
        <Button variant="outline" className="w-full" onClick={onPropose} disabled={disabled}>
          {proposing ? (
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
          onChange={(event) => onArgsTextChange(event.target.value)}
          spellCheck={false}
          rows={7}
          className="w-full rounded-md border bg-background p-2 font-mono text-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        />
      </div>
    </div>
  );
}
