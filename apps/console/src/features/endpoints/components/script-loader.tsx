import {
  VOICE_EVAL_SCRIPTS,
  type VoiceEvalScript,
} from '@ehr-gateway/synthetic-practice/voice-eval';

import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';

/**
 * "Load script…": any call of the voice-agent evaluation set (`npm run eval:voice`), played as a
 * new call, its caller lines and tool calls filled in turn by turn.
 */
export function ScriptLoader({
  id,
  disabled,
  onPlay,
}: {
  id: string;
  disabled: boolean;
  onPlay: (script: VoiceEvalScript) => void;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={`${id}-script`}>Evaluation script</Label>
      <Select
        value=""
        disabled={disabled}
        onValueChange={(scriptId) => {
          const script = VOICE_EVAL_SCRIPTS.find((s) => s.id === scriptId);
          if (script) {
            onPlay(script);
          }
        }}
      >
        <SelectTrigger id={`${id}-script`} className="w-full sm:w-96">
          <SelectValue placeholder="Load script…" />
        </SelectTrigger>
        <SelectContent>
          {VOICE_EVAL_SCRIPTS.map((script) => (
            <SelectItem key={script.id} value={script.id}>
              {script.title}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
