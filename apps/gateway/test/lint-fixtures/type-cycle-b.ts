// The other half of the deliberate type-only cycle in type-cycle-a.ts.
import type { A } from './type-cycle-a.js';

export interface B {
  a?: A;
}
