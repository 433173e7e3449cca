import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

function renderDialog(onConfirm: () => void) {
  render(
    <ConfirmDialog
      trigger={<Button>Delete thing</Button>}
      title="Delete Thing"
      description="It cannot be undone."
      confirmLabel="Delete"
      onConfirm={onConfirm}
    >
      <p>Thing: alpha</p>
    </ConfirmDialog>,
  );
}

describe('ConfirmDialog', () => {
  it('asks before acting, with Cancel focused first', async () => {
    const onConfirm = vi.fn();
    renderDialog(onConfirm);
    await userEvent.click(screen.getByRole('button', { name: 'Delete thing' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Delete Thing' });
    expect(dialog).toHaveAccessibleDescription('It cannot be undone.');
    expect(screen.getByText('Thing: alpha')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('acts and closes on yes', async () => {
    const onConfirm = vi.fn();
    renderDialog(onConfirm);
    await userEvent.click(screen.getByRole('button', { name: 'Delete thing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));

    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('opens from outside when given no trigger', () => {
    render(
      <ConfirmDialog
        open
        onOpenChange={() => undefined}
        title="Withdraw"
        description={
          <>
            <p>https://example.test/hook</p>
            <p>Deliveries stop.</p>
          </>
        }
        confirmLabel="Withdraw"
        onConfirm={() => undefined}
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Withdraw' })).toHaveAccessibleDescription(
      'https://example.test/hook Deliveries stop.',
    );
  });
});
