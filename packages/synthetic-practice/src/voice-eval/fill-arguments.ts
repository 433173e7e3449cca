/** What a script may refer to in an earlier tool answer: its data fields and its sentence. */
export interface KeptAnswer {
  sentence: string;
  data: Record<string, unknown>;
}

/**
 * A script turn's arguments (or expectation) made concrete: each "$name.path" string becomes that
 * value of the answer kept under `name` ("$found.offers.0.slotToken"), and "{run}" in any other
 * string becomes letters unique to this playing (so a caller who registers is new each time).
 * Shared by the evaluation runner and the console's simulator, so a script plays the same in both.
 */
export function fillArguments(
  value: unknown,
  kept: ReadonlyMap<string, KeptAnswer>,
  run: string,
): unknown {
  if (typeof value === 'string') {
    const ref = /^\$(\w+)\.(.+)$/.exec(value);
    if (!ref) {
      return value.replaceAll('{run}', run);
    }
    const answer = kept.get(ref[1]!);
    let at: unknown = answer ? { ...answer.data, sentence: answer.sentence } : undefined;
    for (const step of ref[2]!.split('.')) {
      at =
        at === null || typeof at !== 'object' ? undefined : (at as Record<string, unknown>)[step];
    }
    return at;
  }
  if (Array.isArray(value)) {
    return value.map((item) => fillArguments(item, kept, run));
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillArguments(item, kept, run)]),
    );
  }
  return value;
}
