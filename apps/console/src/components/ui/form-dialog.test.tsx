import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { DialogTitle } from './dialog';
import { FormDialog, type FormDialogProps } from './form-dialog';
import { Input } from './input';

function renderDialog(props: Partial<FormDialogProps> = {}) {
  const handlers = { onSubmit: vi.fn(), onOpenChange: vi.fn() };
  render(
    <FormDialog
      open
      title="Create Thing"
      description="Name it."
      submitLabel="Create"
      pending={false}
      canSubmit
      {...handlers}
      {...props}
    >
      <Input aria-label="Name" />
    </FormDialog>,
  );
  return handlers;
}

describe('FormDialog', () => {
  it('submits on Enter without reloading, and Cancel closes', async () => {
    const { onSubmit, onOpenChange } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Create Thing' })).toHaveAccessibleDescription(
      'Name it.',
    );
    await userEvent.type(screen.getByLabelText('Name'), 'alpha{Enter}');
    expect(onSubmit).toHaveBeenCalledOnce();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('keeps the submit button off while it cannot or is sending', () => {
    renderDialog({ pending: true });
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
  });

  it('shows what replaced the form once it succeeded', () => {
    renderDialog({ done: <DialogTitle>Thing Created</DialogTitle> });
    expect(screen.getByRole('dialog', { name: 'Thing Created' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
  });
});
