import { describe, expect, it } from 'vitest';

import { escapeLike } from './sql-text.js';

describe('escapeLike', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%_off\\')).toBe('100\\%\\_off\\\\');
    expect(escapeLike('plain')).toBe('plain');
  });
});
