import type { Bundle, CapabilityStatement, Resource } from '@medplum/fhirtypes';

import type { FhirVendor } from '@ehr-gateway/contracts';
import { nextPageUrl, type MappingResult } from '@ehr-gateway/fhir-mapping';

import { HttpError } from '../../../lib/http-errors.js';
import type { EhrCallContext } from '../ehr-client.js';
import type { FhirHttp } from './fhir-http.js';

/** More than any practice's directory; a runaway server's paging stops here. */
const MAX_PAGES = 50;
const PAGE_SIZE = '100';

export type Interaction = 'read' | 'search-type' | 'create' | 'update' | 'patch';

/** 501 naming what the server's CapabilityStatement (or its vendor's rules) does not offer. */
export const notOffered = (what: string, why: string) =>
  new HttpError(501, `The FHIR EHR does not offer ${what}: ${why}`, 'FHIR_CAPABILITY_MISSING');

/**
 * Searches that follow the server's `next` links (never offsets), and the server's
 * CapabilityStatement, read once: what it does not declare answers 501 before anything is sent.
 */
export function createFhirSearch(http: FhirHttp, vendor: FhirVendor) {
  let capabilities: Promise<CapabilityStatement> | null = null;

  function capabilityStatement(ctx: EhrCallContext): Promise<CapabilityStatement> {
    capabilities ??= http
      .request<CapabilityStatement>({ method: 'GET', path: '/metadata' }, ctx)
      .then((answer) => answer.body)
      .catch((error: unknown) => {
        capabilities = null;
        throw error;
      });
    return capabilities;
  }

  return {
    vendor,

    async require(type: string, interaction: Interaction, ctx: EhrCallContext): Promise<void> {
      const statement = await capabilityStatement(ctx);
      const declared = statement.rest
        ?.flatMap((rest) => rest.resource ?? [])
        .find((resource) => resource.type === type);
      if (!declared?.interaction?.some((entry) => entry.code === interaction)) {
        throw notOffered(
          `${interaction} on ${type}`,
          `its CapabilityStatement (/metadata) does not list it`,
        );
      }
    },

    /** Whether the CapabilityStatement lists search parameter `name` on `type`. */
    async declaresSearchParam(type: string, name: string, ctx: EhrCallContext): Promise<boolean> {
      const statement = await capabilityStatement(ctx);
      return Boolean(
        statement.rest
          ?.flatMap((rest) => rest.resource ?? [])
          .find((resource) => resource.type === type)
          ?.searchParam?.some((param) => param.name === name),
      );
    },

    /** Every matching resource of `type`, page by page through `next` links. */
    async all<T extends Resource>(
      type: T['resourceType'],
      query: Array<[string, string]>,
      ctx: EhrCallContext,
    ): Promise<T[]> {
      await this.require(type, 'search-type', ctx);
      const found: T[] = [];
      let page = await http.request<Bundle>(
        { method: 'GET', path: `/${type}`, query: [...query, ['_count', PAGE_SIZE]] },
        ctx,
      );
      for (let pages = 1; ; pages += 1) {
        for (const entry of page.body.entry ?? []) {
          if (entry.resource?.resourceType === type && entry.search?.mode !== 'include') {
            found.push(entry.resource as T);
          }
        }
        const next = nextPageUrl(page.body);
        if (!next || pages >= MAX_PAGES) {
          return found;
        }
        page = await http.request<Bundle>({ method: 'GET', path: next }, ctx);
      }
    },

    async read<T extends Resource>(
      type: T['resourceType'],
      id: string,
      ctx: EhrCallContext,
    ): Promise<{ resource: T; etag: string | null }> {
      await this.require(type, 'read', ctx);
      const answer = await http.request<T>(
        { method: 'GET', path: `/${type}/${encodeURIComponent(id)}` },
        ctx,
      );
      return { resource: answer.body, etag: answer.etag };
    },
  };
}

export type FhirSearch = ReturnType<typeof createFhirSearch>;

/** The mapped value, or 502 naming what made the EHR's resource unusable. */
export function mapped<T>(result: MappingResult<T>, what: string): T {
  if (result.ok) {
    return result.value;
  }
  const why = result.errors.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  throw new HttpError(
    502,
    `The FHIR EHR sent ${what} the gateway cannot read (${why})`,
    'FHIR_UNREADABLE',
  );
}

/** The values that could be read; resources that could not are left out of a list. */
export const readable = <T>(results: MappingResult<T>[]): T[] =>
  results.flatMap((result) => (result.ok ? [result.value] : []));
