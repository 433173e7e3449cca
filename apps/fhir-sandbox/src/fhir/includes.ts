import { evalFhirPath, getSearchParameter } from '@medplum/core';
import type { Reference, Resource } from '@medplum/fhirtypes';

import { parseReference } from '@ehr-gateway/fhir-mapping';

import type { SandboxState } from '../state.js';

/**
 * `_include=Type:param[:Target]`, which the engine ignores: the resources the matches reference
 * through that search parameter, each once, read from the repository.
 */
export async function includedResources(
  state: SandboxState,
  type: string,
  includes: readonly string[],
  matches: readonly Resource[],
): Promise<Resource[]> {
  const wanted = new Map<string, { resourceType: string; id: string }>();
  for (const include of includes) {
    const [, code, target] = include.split(':');
    const expression = getSearchParameter(type, code!)?.expression;
    if (!expression) {
      continue;
    }
    for (const match of matches) {
      for (const value of evalFhirPath(expression, match)) {
        const ref = parseReference(value as Reference);
        if (ref && (!target || ref.resourceType === target)) {
          wanted.set(`${ref.resourceType}/${ref.id}`, ref);
        }
      }
    }
  }
  const included: Resource[] = [];
  for (const { resourceType, id } of wanted.values()) {
    try {
      included.push(await state.repository.readResource(resourceType, id));
    } catch {
      // A dangling reference includes nothing, as servers do.
    }
  }
  return included;
}
