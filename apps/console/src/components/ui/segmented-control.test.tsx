import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { SegmentedControl } from './segmented-control';

const RANGES = [
  { value: '15m', label: '15m', description: 'Last 15 minutes' },
  { value: '24h', label: '24h', description: 'Last 24 hours' },
  { value: 'all', label: 'All' },
] as const;

describe('SegmentedControl', () => {
  it('names each button by what it shows first, so speech control can say the visible text', () => {
    render(<SegmentedControl label="Time range" options={RANGES} value="15m" onChange={vi.fn()} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([null, null, null]);
    expect(screen.getByRole('button', { name: '15m (Last 15 minutes)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '24h (Last 24 hours)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All' })).toBeInTheDocument();
  });

  it('presses the chosen value and reports another choice', async () => {
    const onChange = vi.fn();
    render(
      <SegmentedControl label="Time range" options={RANGES} value="15m" onChange={onChange} />,
    );
    const group = screen.getByRole('group', { name: 'Time range' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^15m/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /^24h/ })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: /^24h/ }));
    expect(onChange).toHaveBeenCalledWith('24h');
  });
});
