import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { MethodBadge, methodVariant } from './method-badge';

describe('MethodBadge', () => {
  it.each([
    ['GET', 'info'],
    ['POST', 'success'],
    ['PUT', 'warning'],
    ['DELETE', 'error'],
    ['PATCH', 'secondary'],
    ['OPTIONS', 'secondary'],
  ])('shows %s with the %s colour', (method, variant) => {
    render(<MethodBadge method={method} />);
    const badge = screen.getByText(method);
    expect(badge).toHaveAttribute('data-variant', variant);
  });

  it('upper-cases the method before choosing the colour', () => {
    render(<MethodBadge method="post" />);
    expect(screen.getByText('POST')).toHaveAttribute('data-variant', 'success');
    expect(methodVariant('delete')).toBe('error');
  });
});
