import changes from './changes.json' with { type: 'json' };
import dates from './dates.json' with { type: 'json' };
import firstAvailable from './first-available.json' with { type: 'json' };
import newCallers from './new-callers.json' with { type: 'json' };
import providers from './providers.json' with { type: 'json' };
import type { VoiceEvalScript } from './script.js';
import trouble from './trouble.json' with { type: 'json' };

export * from './fill-arguments.js';
export * from './script.js';

/** Every script of the evaluation set, by theme (one JSON file each), in a stable order. */
export const VOICE_EVAL_SCRIPTS: VoiceEvalScript[] = [
  ...firstAvailable,
  ...providers,
  ...dates,
  ...changes,
  ...newCallers,
  ...trouble,
] as VoiceEvalScript[];
