import { describe, expect, it } from 'vitest';

import { REPLACEMENT_CHARACTER, storableJson } from './storable-text.js';

describe('storableJson', () => {
  it('writes ordinary values exactly as JSON.stringify does', () => {
    const value = { name: 'Zoë 😀', list: [1, 'two', null], nested: { ok: true } };
    expect(storableJson(value)).toBe(JSON.stringify(value));
  });

  it('replaces a NUL and lone surrogates in values and keys', () => {
    const stored = JSON.parse(
      storableJson({ note: 'a\u0000b', ['k\uD800']: 'x\uDC00y', fine: '\uD83D\uDE00' }),
    ) as Record<string, string>;
    expect(stored).toEqual({
      note: `a${REPLACEMENT_CHARACTER}b`,
      [`k${REPLACEMENT_CHARACTER}`]: `x${REPLACEMENT_CHARACTER}y`,
      fine: '😀',
    });
  });

  it('keeps text that only looks like an escape (a typed backslash-u)', () => {
    const value = { path: 'C:\\u0000\\udc00' };
    expect(JSON.parse(storableJson(value))).toEqual(value);
  });
});
