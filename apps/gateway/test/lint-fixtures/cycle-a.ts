// A deliberate import cycle (with cycle-b.ts) that lint must refuse; see lint-boundaries.test.ts.
import { b } from './cycle-b.js';

export const a = (): number => b() + 1;
