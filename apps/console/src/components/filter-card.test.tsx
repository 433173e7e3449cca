import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { FilterCard } from './filter-card';
import { DateRangeFields } from './ui/date-range-fields';

describe('FilterCard with DateRangeFields', () => {
  it('reports From and To, submits on Apply Filters and clears on Clear Filters', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const onClear = vi.fn();
    const onFromChange = vi.fn();
    render(
      <FilterCard onSubmit={onSubmit} onClear={onClear}>
        <DateRangeFields
          id="range"
          from=""
          to="2026-03-02T10:00"
          onFromChange={onFromChange}
          onToChange={vi.fn()}
        />
      </FilterCard>,
    );
    expect(screen.getByLabelText('To')).toHaveValue('2026-03-02T10:00');
    await user.type(screen.getByLabelText('From'), '2026-03-01T09:00');
    expect(onFromChange).toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
