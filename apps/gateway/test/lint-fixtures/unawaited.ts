// Deliberate faults for the type-aware rules; see lint-boundaries.test.ts.
export async function save(): Promise<void> {}

export function forgetsToAwait(): void {
  save();
}

export function missesACase(kind: 'athena' | 'mock'): number {
  switch (kind) {
    case 'athena':
      return 1;
  }
  return 0;
}
