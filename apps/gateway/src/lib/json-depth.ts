/** How deeply JSON request bodies may nest; no payload of the gateway comes near it. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, found by one pass over the text
 * before it is parsed, so a body nested thousands of levels deep never reaches a recursive parser,
 * validator or serializer.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 92 /* \ */) {
        i += 1;
      } else if (char === 34 /* " */) {
        inString = false;
      }
    } else if (char === 34) {
      inString = true;
    } else if (char === 123 /* { */ || char === 91 /* [ */) {
      depth += 1;
      if (depth > max) {
        return true;
      }
    } else if (char === 125 /* } */ || char === 93 /* ] */) {
      depth -= 1;
    }
  }
  return false;
}
