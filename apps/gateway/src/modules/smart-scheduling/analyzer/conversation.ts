import type { ConversationMessage } from '@ehr-gateway/contracts';

import { isAffirmation, normalizeText } from './text.js';

export interface Turn {
  role: 'user' | 'assistant';
  /** Normalised text (see normalizeText); every detector reads this. */
  text: string;
  /** The words as written, for names whose capitals matter. */
  original: string;
  /** Position in the conversation: later turns correct earlier ones. */
  order: number;
  /** An assistant proposal the patient accepted ("Would you like today?" → "Yes please"). */
  adopted: boolean;
}

export interface Conversation {
  /** What the patient said, plus assistant proposals they accepted, in order. */
  patient: Turn[];
  /** Every user and assistant turn, for context such as the slots the assistant offered. */
  all: Turn[];
}

/**
 * Splits a conversation into the turns the analyser weighs. System messages are instructions
 * to a model, not things the patient said, so they are left out.
 */
export function readConversation(messages: ConversationMessage[]): Conversation {
  const all: Turn[] = [];
  messages.forEach((message, order) => {
    if (message.role !== 'system') {
      all.push({
        role: message.role,
        text: normalizeText(message.content),
        original: message.content,
        order,
        adopted: false,
      });
    }
  });
  const patient: Turn[] = [];
  all.forEach((turn, i) => {
    if (turn.role !== 'user') {
      return;
    }
    const previous = all[i - 1];
    if (previous?.role === 'assistant' && isAffirmation(turn.text)) {
      patient.push({ ...previous, adopted: true });
    }
    patient.push(turn);
  });
  return { patient, all };
}
