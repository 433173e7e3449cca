import { describe, expect, it } from 'vitest';

import { createMemoryCache } from './response-cache.js';

describe('memory response cache', () => {
  const setup = () => {
    let clock = 1_000;
    const cache = createMemoryCache(() => clock);
    return { cache, advance: (ms: number) => (clock += ms) };
  };

  it('answers an entry until its time to live has passed', async () => {
    const { cache, advance } = setup();
    await cache.set('mock:1', 'patients?', '[1]', 60_000);
    advance(59_999);
    expect(await cache.get('mock:1', 'patients?')).toBe('[1]');
    advance(2);
    expect(await cache.get('mock:1', 'patients?')).toBeNull();
  });

  it('drops a scope on invalidation and leaves the other scopes', async () => {
    const { cache } = setup();
    await cache.set('mock:1', 'patients?', '[1]', 60_000);
    await cache.set('mock:10', 'patients?', '[10]', 60_000);
    await cache.invalidate('mock:1');
    expect(await cache.get('mock:1', 'patients?')).toBeNull();
    expect(await cache.get('mock:10', 'patients?')).toBe('[10]');
    await cache.set('mock:1', 'patients?', '[2]', 60_000);
    expect(await cache.get('mock:1', 'patients?')).toBe('[2]');
  });

  it('stays bounded, evicting the least recently read entry', async () => {
    const { cache } = setup();
    await cache.set('s', 'first', 'a', 60_000);
    for (let i = 0; i < 4_998; i += 1) {
      await cache.set('s', `k${i}`, 'x', 60_000);
    }
    await cache.set('s', 'second', 'b', 60_000);
    // The first entry, read now, outlives the second, which was never read.
    expect(await cache.get('s', 'first')).toBe('a');
    await cache.set('s', 'one more', 'c', 60_000);
    await cache.set('s', 'and another', 'd', 60_000);
    expect(await cache.get('s', 'first')).toBe('a');
    expect(await cache.get('s', 'k0')).toBeNull();
    expect(await cache.get('s', 'one more')).toBe('c');
  });
});
