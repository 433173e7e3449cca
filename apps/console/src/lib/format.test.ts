import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  formatDate,
  formatDateTime,
  formatJson,
  formatRelativeTime,
  formatResponseTime,
} from './format';

describe('formatRelativeTime', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-04T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('describes an ISO timestamp relative to now', () => {
    expect(formatRelativeTime('2025-03-04T11:55:00Z')).toBe('5 minutes ago');
    expect(formatRelativeTime('2025-03-04T10:00:00.000Z')).toBe('about 2 hours ago');
    expect(formatRelativeTime('2025-03-01T12:00:00Z')).toBe('3 days ago');
  });

  it('words each distance the way people say it, past and future', () => {
    expect(formatRelativeTime('2025-03-04T11:59:50Z')).toBe('less than a minute ago');
    expect(formatRelativeTime('2025-03-04T11:00:00Z')).toBe('about 1 hour ago');
    expect(formatRelativeTime('2025-03-03T12:00:00Z')).toBe('1 day ago');
    expect(formatRelativeTime('2025-02-01T12:00:00Z')).toBe('about 1 month ago');
    expect(formatRelativeTime('2024-12-01T12:00:00Z')).toBe('3 months ago');
    expect(formatRelativeTime('2024-02-04T12:00:00Z')).toBe('about 1 year ago');
    expect(formatRelativeTime('2023-09-04T12:00:00Z')).toBe('over 1 year ago');
    expect(formatRelativeTime('2023-04-04T12:00:00Z')).toBe('almost 2 years ago');
    expect(formatRelativeTime('2025-03-04T12:10:00Z')).toBe('in 10 minutes');
  });

  it('accepts Date objects and epoch milliseconds', () => {
    expect(formatRelativeTime(new Date('2025-03-04T11:59:30Z'))).toBe('1 minute ago');
    expect(formatRelativeTime(Date.parse('2025-03-04T11:30:00Z'))).toBe('30 minutes ago');
  });

  it.each([['not a date'], [''], ['2025-13-45T99:99:99Z'], [null], [undefined], [Number.NaN]])(
    "answers 'Unknown time' for %j",
    (value) => {
      expect(formatRelativeTime(value)).toBe('Unknown time');
    },
  );
});

describe('formatDate and formatDateTime', () => {
  it("write the day, and the 24-hour time, in the viewer's zone", () => {
    const local = new Date(2025, 2, 4, 14, 5, 9);
    expect(formatDateTime(local)).toBe('Mar 4, 2025, 14:05:09');
    expect(formatDate(local.getTime())).toBe('Mar 4, 2025');
    expect(formatDate('2025-03-04')).toBe('Mar 4, 2025');
    expect(formatDate('soon')).toBe('Unknown date');
    expect(formatDateTime(null)).toBe('Unknown time');
  });
});

describe('formatResponseTime', () => {
  it('shows tenths below 10 ms and whole milliseconds from there, whatever the input', () => {
    expect(formatResponseTime(42)).toBe('42 ms');
    expect(formatResponseTime(42.6)).toBe('43 ms');
    expect(formatResponseTime(3.14159)).toBe('3.1 ms');
    expect(formatResponseTime(2)).toBe('2.0 ms');
  });
});

describe('formatJson', () => {
  it('pretty-prints values and leaves strings alone', () => {
    expect(formatJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(formatJson('plain text')).toBe('plain text');
  });
});
