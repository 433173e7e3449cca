import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { StatusBadge, statusInfo } from './status-badge';

describe('StatusBadge', () => {
  it.each([
    [200, 'success', 'OK'],
    [204, 'success', 'OK'],
    [299, 'success', 'OK'],
    [300, 'info', 'Redirect'],
    [304, 'info', 'Redirect'],
    [399, 'info', 'Redirect'],
    [400, 'warning', 'Client Error'],
    [404, 'warning', 'Client Error'],
    [499, 'warning', 'Client Error'],
    [500, 'error', 'Server Error'],
    [503, 'error', 'Server Error'],
  ])('shows %i as %s "%s" with the number', (status, variant, label) => {
    render(<StatusBadge status={status} />);
    const badge = screen.getByText(`${status} ${label}`);
    expect(badge).toHaveAttribute('data-variant', variant);
    expect(statusInfo(status)).toEqual({ variant, label });
  });
});
