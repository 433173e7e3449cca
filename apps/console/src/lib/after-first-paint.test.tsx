import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useAfterFirstPaint } from './after-first-paint';

function Probe() {
  return <p>{useAfterFirstPaint() ? 'after' : 'first'}</p>;
}

describe('useAfterFirstPaint', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] }));
  afterEach(() => vi.useRealTimers());

  it('is false for the first render and turns true after a frame and a task', async () => {
    render(<Probe />);
    expect(screen.getByText('first')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersToNextFrame();
    });
    expect(screen.getByText('first')).toBeTruthy();
    await act(async () => {
      vi.runOnlyPendingTimers();
    });
    expect(screen.getByText('after')).toBeTruthy();
  });
});
