import type { Bundle, BundleEntry, OperationOutcome, Resource } from '@medplum/fhirtypes';

/** Searchset Bundles, built by a server and read by a client. */

export interface SearchsetParts<T extends Resource> {
  /** The URL of this page, as the client should repeat it. */
  selfUrl: string;
  /** The next page's URL; absent on the last page. */
  nextUrl?: string;
  /** All matches across pages, where the server knows it exactly. */
  total?: number;
  matches: readonly T[];
  /** Resources added by _include. */
  included?: readonly Resource[];
  /** Warnings about the search itself (ignored parameters…). */
  outcome?: OperationOutcome;
  /** The server's base URL, for each entry's fullUrl. */
  baseUrl: string;
}

const entry = (baseUrl: string, resource: Resource, mode: 'match' | 'include'): BundleEntry => ({
  fullUrl: `${baseUrl}/${resource.resourceType}/${resource.id}`,
  resource,
  search: { mode },
});

export function searchsetBundle<T extends Resource>(parts: SearchsetParts<T>): Bundle {
  const bundle: Bundle = {
    resourceType: 'Bundle',
    type: 'searchset',
    link: [{ relation: 'self', url: parts.selfUrl }],
  };
  if (parts.total !== undefined) {
    bundle.total = parts.total;
  }
  if (parts.nextUrl) {
    bundle.link!.push({ relation: 'next', url: parts.nextUrl });
  }
  const entries = [
    ...parts.matches.map((resource) => entry(parts.baseUrl, resource, 'match')),
    ...(parts.included ?? []).map((resource) => entry(parts.baseUrl, resource, 'include')),
  ];
  if (parts.outcome) {
    entries.push({ resource: parts.outcome, search: { mode: 'outcome' } });
  }
  if (entries.length) {
    bundle.entry = entries;
  }
  return bundle;
}

type ResourceOf<K extends Resource['resourceType']> = Extract<Resource, { resourceType: K }>;

function resourcesIn<K extends Resource['resourceType']>(
  bundle: Bundle,
  resourceType: K,
  wanted: (mode: string | undefined) => boolean,
): ResourceOf<K>[] {
  return (bundle.entry ?? [])
    .filter((e) => e.resource?.resourceType === resourceType && wanted(e.search?.mode))
    .map((e) => e.resource as ResourceOf<K>);
}

/** The matches of a searchset (entries without a mode count as matches, as some servers send). */
export const bundleMatches = <K extends Resource['resourceType']>(bundle: Bundle, type: K) =>
  resourcesIn(bundle, type, (mode) => mode === undefined || mode === 'match');

/** The resources a searchset carries because of _include. */
export const bundleIncludes = <K extends Resource['resourceType']>(bundle: Bundle, type: K) =>
  resourcesIn(bundle, type, (mode) => mode === 'include');

/** The next page's URL, to follow as given (never build offsets). */
export const nextPageUrl = (bundle: Bundle): string | undefined =>
  bundle.link?.find((link) => link.relation === 'next')?.url;
