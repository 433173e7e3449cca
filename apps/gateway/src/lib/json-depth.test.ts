import { describe, expect, it } from 'vitest';

import { jsonNestsDeeperThan } from './json-depth.js';

describe('jsonNestsDeeperThan', () => {
  it('counts nesting of objects and arrays, not brackets inside strings', () => {
    expect(jsonNestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"text":"[[[[[[[[[[\\"{{{{"}', 1)).toBe(false);
    expect(jsonNestsDeeperThan('[]'.repeat(1000), 1)).toBe(false);
  });

  it('finds a body nested thousands of levels deep without parsing it', () => {
    expect(jsonNestsDeeperThan('['.repeat(5000) + ']'.repeat(5000), 64)).toBe(true);
  });
});
