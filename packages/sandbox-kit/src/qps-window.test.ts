import { describe, expect, it } from 'vitest';

import { createQpsWindow } from './qps-window.js';

describe('QPS window', () => {
  it('counts the calls of the last second and keeps the peak', () => {
    let now = 10_000;
    const window = createQpsWindow(() => now);
    for (let i = 0; i < 5; i += 1) {
      window.record();
      now += 100;
    }
    expect(window.current()).toBe(5);
    now = 10_999;
    expect(window.current()).toBe(5);
    now = 11_000;
    // The call at 10 000 ms is exactly one second old: it no longer counts.
    expect(window.current()).toBe(4);
    now = 20_000;
    expect(window.current()).toBe(0);
    window.record();
    expect(window.peak).toBe(5);
    window.reset();
    expect(window.peak).toBe(0);
    expect(window.current()).toBe(0);
  });
});
