import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/test/render';

import { OneTimeSecretDialog, SAVED_IT_LABEL } from './one-time-secret-dialog';

function Harness({ values, onSaved }: { values: string[]; onSaved: () => void }) {
  const [shown, setShown] = useState<string[] | null>(values);
  return (
    <OneTimeSecretDialog
      values={shown}
      title="Secret Ready"
      label="Recovery codes"
      warning="It cannot be displayed again."
      onSaved={() => {
        onSaved();
        setShown(null);
      }}
    />
  );
}

describe('OneTimeSecretDialog', () => {
  it('shows one value in a field with its copy button', async () => {
    renderWithProviders(
      <OneTimeSecretDialog
        values={['s3cret-value']}
        title="API Key Created"
        label="API key"
        warning="Copy it now."
        onSaved={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'API Key Created' });
    expect(within(dialog).getByLabelText('API key')).toHaveValue('s3cret-value');
    expect(within(dialog).getByRole('button', { name: 'Copy API key' })).toBeInTheDocument();
    expect(within(dialog).getByRole('note')).toHaveTextContent('Copy it now.');
  });

  it('lists several values, copies them all, and closes only with "I have saved it"', async () => {
    const onSaved = vi.fn();
    const codes = ['aaaa-1111', 'bbbb-2222', 'cccc-3333'];
    renderWithProviders(<Harness values={codes} onSaved={onSaved} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Secret Ready' });
    const list = within(dialog).getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);

    await user.click(within(dialog).getByRole('button', { name: 'Copy Recovery codes' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(codes.join('\n'));

    // Escape does not lose the codes.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Secret Ready' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close dialog' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: SAVED_IT_LABEL }));
    expect(onSaved).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('aaaa-1111')).toBeNull();
  });
});
