import {
  VOICE_EVAL_SCRIPTS,
  type VoiceEvalScript,
} from '@ehr-gateway/synthetic-practice/voice-eval';

import { SelectField } from '@/components/select-field';

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
    <SelectField
      id={`${id}-script`}
      label="Evaluation script"
      className="sm:w-96"
      value=""
      placeholder="Load script…"
      disabled={disabled}
      options={VOICE_EVAL_SCRIPTS.map((script) => ({ value: script.id, label: script.title }))}
      onChange={(scriptId) => {
        const script = VOICE_EVAL_SCRIPTS.find((candidate) => candidate.id === scriptId);
        if (script) {
          onPlay(script);
        }
      }}
    />
  );
}
