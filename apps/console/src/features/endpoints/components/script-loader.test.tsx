import { VOICE_EVAL_SCRIPTS } from '@ehr-gateway/synthetic-practice/voice-eval';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ScriptLoader } from './script-loader';

describe('ScriptLoader', () => {
  it('offers every evaluation script and plays the one chosen', async () => {
    const onPlay = vi.fn();
    render(<ScriptLoader id="sim" disabled={false} onPlay={onPlay} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Evaluation script' }));
    expect(await screen.findAllByRole('option')).toHaveLength(VOICE_EVAL_SCRIPTS.length);
    const chosen = VOICE_EVAL_SCRIPTS[3]!;
    await user.click(screen.getByRole('option', { name: chosen.title }));
    expect(onPlay).toHaveBeenCalledWith(chosen);
  });

  it('cannot be opened while a call is being played', () => {
    render(<ScriptLoader id="sim" disabled onPlay={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: 'Evaluation script' })).toBeDisabled();
  });
});
