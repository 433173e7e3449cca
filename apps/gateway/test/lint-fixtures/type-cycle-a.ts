// A deliberate cycle through type-only imports (with type-cycle-b.ts); see lint-boundaries.test.ts.
import type { B } from './type-cycle-b.js';

export interface A {
  b?: B;
}
