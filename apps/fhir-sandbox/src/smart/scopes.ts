/**
 * SMART system scopes (https://hl7.org/fhir/smart-app-launch/scopes-and-launch-context.html), both
 * versions: v1 `system/Slot.read` / `.write` / `.*`, v2 `system/Slot.rs` with the letters of
 * c(reate) r(ead) u(pdate) d(elete) s(earch) in that order. Backend services only get `system/`.
 */

export type Interaction = 'create' | 'read' | 'update' | 'delete' | 'search';

const LETTER: Record<Interaction, string> = {
  create: 'c',
  read: 'r',
  update: 'u',
  delete: 'd',
  search: 's',
};

const V1_LETTERS: Record<string, string> = { read: 'rs', write: 'cud', '*': 'cruds' };
const V2 = /^c?r?u?d?s?$/;
const SCOPE = /^system\/(\*|[A-Z][A-Za-z]+)\.([a-z*]+)$/;

export interface Scope {
  text: string;
  resourceType: string;
  /** What it permits, as v2 letters. */
  letters: string;
}

/** A system scope, or null for anything else (user/, patient/, openid, v2 query constraints…). */
export function parseScope(text: string): Scope | null {
  const match = SCOPE.exec(text);
  if (!match) {
    return null;
  }
  const [, resourceType, permission] = match as unknown as [string, string, string];
  const letters = V1_LETTERS[permission] ?? (V2.test(permission) ? permission : '');
  return letters ? { text, resourceType, letters } : null;
}

/** Whether `granted` permits everything `wanted` asks for. */
function covers(granted: Scope, wanted: Scope): boolean {
  return (
    (granted.resourceType === '*' || granted.resourceType === wanted.resourceType) &&
    [...wanted.letters].every((letter) => granted.letters.includes(letter))
  );
}

export type ScopeGrant = { granted: string[] } | { error: string };

/**
 * The scopes a token gets: each requested scope the client's registration covers; all of the
 * registration when the request names none. Scopes it may not have are left out, as OAuth allows;
 * none at all is `invalid_scope`.
 */
export function grantScopes(
  requested: string | undefined,
  registered: readonly string[],
): ScopeGrant {
  const allowed = registered.map(parseScope).filter((s): s is Scope => s !== null);
  if (!requested?.trim()) {
    return { granted: allowed.map((s) => s.text) };
  }
  const granted = requested
    .trim()
    .split(/\s+/)
    .filter((text) => {
      const wanted = parseScope(text);
      return wanted !== null && allowed.some((scope) => covers(scope, wanted));
    });
  return granted.length
    ? { granted: [...new Set(granted)] }
    : {
        error: `none of the requested scopes (${requested.trim()}) is a system scope this client is registered for`,
      };
}

/** Whether a token's scopes permit an interaction on a resource type. */
export function permits(scopes: readonly string[], resourceType: string, interaction: Interaction) {
  const letter = LETTER[interaction];
  return scopes
    .map(parseScope)
    .some(
      (scope) =>
        scope !== null &&
        (scope.resourceType === '*' || scope.resourceType === resourceType) &&
        scope.letters.includes(letter),
    );
}

/** The scopes that would permit it, as a refusal names them. */
export function scopesFor(resourceType: string, interaction: Interaction): string {
  const v1 = interaction === 'read' || interaction === 'search' ? 'read' : 'write';
  return `system/${resourceType}.${LETTER[interaction]} (v2) or system/${resourceType}.${v1} (v1)`;
}
