import type { Filter, SearchRequest, WithId } from '@medplum/core';
import { MemoryRepository } from '@medplum/fhir-router';
import type { Appointment, Bundle, Resource, Slot } from '@medplum/fhirtypes';

import { dateParamsToRange, parseDateParam, splitOrValues } from '@ehr-gateway/fhir-mapping';

/**
 * Medplum's MemoryRepository, with an index in front of its search for the two resource types the
 * sandbox holds tens of thousands of. The engine matches every resource of a type against a search
 * with FHIRPath (about 40 µs each: 1.5 s for a Slot search over four months); here a search that
 * names a schedule, patient, practitioner, location, id or date range first narrows the resources
 * the engine looks at. Matching, sorting, paging and totals stay the engine's own.
 */

const DAY_MS = 86_400_000;
const dayOf = (instant: string | undefined) =>
  instant ? Math.floor(Date.parse(instant) / DAY_MS) : Number.NaN;

interface IndexSpec {
  /** Search parameter code → the references a resource holds for it. */
  references: Record<string, (resource: Resource) => string[]>;
  dateCode: string;
  date: (resource: Resource) => string | undefined;
}

const actors = (resource: Resource, type?: string) =>
  ((resource as Appointment).participant ?? [])
    .map((p) => p.actor?.reference ?? '')
    .filter((ref) => ref && (!type || ref.startsWith(`${type}/`)));

const INDEXED: Record<string, IndexSpec> = {
  Slot: {
    references: { schedule: (r) => [(r as Slot).schedule?.reference ?? ''] },
    dateCode: 'start',
    date: (r) => (r as Slot).start,
  },
  Appointment: {
    references: {
      patient: (r) => actors(r, 'Patient'),
      practitioner: (r) => actors(r, 'Practitioner'),
      location: (r) => actors(r, 'Location'),
      actor: (r) => actors(r),
    },
    dateCode: 'date',
    date: (r) => (r as Appointment).start,
  },
};

type Bucket = Map<string, Set<string>>;

class TypeIndex {
  readonly byReference = new Map<string, Bucket>();
  readonly byDay = new Map<number, Set<string>>();
  /** What each resource was filed under, to unfile it on update. */
  private readonly filed = new Map<string, { refs: [string, string][]; day: number }>();
  /** Creation order, which is the engine's order of results without _sort. */
  readonly order = new Map<string, number>();

  constructor(private readonly spec: IndexSpec) {}

  file(resource: WithId<Resource>) {
    this.unfile(resource.id);
    const refs: [string, string][] = Object.entries(this.spec.references).flatMap(([code, read]) =>
      read(resource).map((ref): [string, string] => [code, ref]),
    );
    for (const [code, ref] of refs) {
      const bucket = this.byReference.get(code) ?? new Map<string, Set<string>>();
      this.byReference.set(code, bucket);
      add(bucket, ref, resource.id);
    }
    const day = dayOf(this.spec.date(resource));
    add(this.byDay, day, resource.id);
    this.filed.set(resource.id, { refs, day });
    if (!this.order.has(resource.id)) {
      this.order.set(resource.id, this.order.size);
    }
  }

  unfile(id: string) {
    const was = this.filed.get(id);
    if (!was) {
      return;
    }
    for (const [code, ref] of was.refs) {
      this.byReference.get(code)?.get(ref)?.delete(id);
    }
    this.byDay.get(was.day)?.delete(id);
    this.filed.delete(id);
  }

  forget(id: string) {
    this.unfile(id);
    this.order.delete(id);
  }

  /** The ids a search can match at most; null when its filters do not narrow anything. */
  candidates(filters: readonly Filter[]): Set<string> | null {
    const sets: Set<string>[] = [];
    for (const filter of filters) {
      if (filter.code === '_id' && filter.operator === 'eq') {
        sets.push(new Set(splitOrValues(filter.value)));
        continue;
      }
      const bucket = this.byReference.get(filter.code);
      const values = filter.operator === 'eq' ? splitOrValues(filter.value) : [];
      if (bucket && values.length && values.every((value) => value.includes('/'))) {
        sets.push(union(values.map((value) => bucket.get(value))));
      }
    }
    const days = this.dayRange(filters);
    if (days) {
      sets.push(
        union(
          [...this.byDay]
            .filter(([day]) => day >= days.from && day <= days.to)
            .map(([, ids]) => ids),
        ),
      );
    }
    return sets.length ? sets.reduce((a, b) => new Set([...a].filter((id) => b.has(id)))) : null;
  }

  /**
   * Days that can hold a match. Values without a UTC offset are read as UTC here; the engine may
   * place them otherwise, so their range is widened by a day on each side.
   */
  private dayRange(filters: readonly Filter[]) {
    const dates = filters.filter((f) => f.code === this.spec.dateCode);
    if (!dates.length) {
      return null;
    }
    try {
      const params = dates.map((f) => parseDateParam(`${f.operator}${f.value}`));
      const { from, to } = dateParamsToRange(params);
      const margin = dates.every((f) => /(Z|[+-]\d{2}:\d{2})$/.test(f.value)) ? 0 : 1;
      return {
        from: from ? Math.floor(from.getTime() / DAY_MS) - margin : -Infinity,
        to: to ? Math.floor((to.getTime() - 1) / DAY_MS) + margin : Infinity,
      };
    } catch {
      return null;
    }
  }
}

function add<K>(map: Map<K, Set<string>>, key: K, id: string) {
  const set = map.get(key) ?? new Set<string>();
  map.set(key, set);
  set.add(id);
}

const union = (sets: (Set<string> | undefined)[]) =>
  new Set(sets.flatMap((set) => [...(set ?? [])]));

export class IndexedMemoryRepository extends MemoryRepository {
  private readonly indexes = new Map(
    Object.entries(INDEXED).map(([type, spec]) => [type, new TypeIndex(spec)]),
  );

  /** MemoryRepository's own store (a private field of the engine, read here and only here). */
  private get store(): Map<string, Map<string, Resource>> {
    return (this as unknown as { resources: Map<string, Map<string, Resource>> }).resources;
  }

  override async createResource<T extends Resource>(resource: T): Promise<WithId<T>> {
    const created = await super.createResource(resource);
    this.indexes.get(created.resourceType)?.file(created);
    return created;
  }

  override async updateResource<T extends Resource>(
    resource: T,
    options?: { ifMatch?: string },
  ): Promise<WithId<T>> {
    const updated = await super.updateResource(resource, options);
    this.indexes.get(updated.resourceType)?.file(updated);
    return updated;
  }

  override async deleteResource(resourceType: string, id: string): Promise<void> {
    await super.deleteResource(resourceType, id);
    this.indexes.get(resourceType)?.forget(id);
  }

  override clear(): void {
    super.clear();
    for (const [type, spec] of Object.entries(INDEXED)) {
      this.indexes.set(type, new TypeIndex(spec));
    }
  }

  override search<T extends Resource>(request: SearchRequest<T>): Promise<Bundle<WithId<T>>> {
    const index = this.indexes.get(request.resourceType);
    const ids = index?.candidates(request.filters ?? []);
    const all = this.store.get(request.resourceType);
    if (!index || !ids || !all) {
      return super.search(request);
    }
    const rank = (id: string) => index.order.get(id) ?? Number.MAX_SAFE_INTEGER;
    const narrowed = new Map(
      [...ids]
        .filter((id) => all.has(id))
        .sort((a, b) => rank(a) - rank(b))
        .map((id) => [id, all.get(id)!]),
    );
    // The engine's search reads its store synchronously before it first awaits: it sees only
    // the narrowed resources, and the full store is back before anything else runs.
    this.store.set(request.resourceType, narrowed);
    try {
      return super.search(request);
    } finally {
      this.store.set(request.resourceType, all);
    }
  }
}
