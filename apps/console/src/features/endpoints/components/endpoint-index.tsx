import { Search } from 'lucide-react';
import { useId, useState } from 'react';

import { BreakablePath } from '@/components/breakable-path';
import { MethodBadge } from '@/components/method-badge';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

import { DOC_TABS, type DocsByTab, type DocTab, type EndpointDoc } from '../lib/doc-tabs';

export interface EndpointIndexProps {
  docs: DocsByTab;
  activeTab: DocTab;
  activeAnchor?: string;
  onSelect: (tab: DocTab, doc: EndpointDoc) => void;
}

/** Does a card match the index filter: its path, title or a parameter's name? */
function matchesFilter(doc: EndpointDoc, needle: string): boolean {
  return [doc.path, doc.title, ...doc.parameters.map((row) => row.name)].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/** Every documented operation, grouped by section, with a filter; choosing one opens its card. */
export function EndpointIndex({ docs, activeTab, activeAnchor, onSelect }: EndpointIndexProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const groups = DOC_TABS.flatMap(({ value, label }) =>
    value === 'authentication'
      ? []
      : [{ tab: value, label, docs: docs[value].filter((doc) => matchesFilter(doc, needle)) }],
  ).filter((group) => group.docs.length > 0);
  const found = groups.reduce((total, group) => total + group.docs.length, 0);

  return (
    <nav aria-label="Endpoint index" className="space-y-3">
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder="Filter by path, title or parameter"
          aria-label="Filter endpoints"
          aria-describedby={`${id}-count`}
          className="pl-8"
        />
      </div>
      <p id={`${id}-count`} className="text-xs text-muted-foreground" aria-live="polite">
        {needle ? `${found} ${found === 1 ? 'endpoint matches' : 'endpoints match'}` : ''}
      </p>
      {groups.map((group) => (
        <section key={group.tab} aria-labelledby={`${id}-${group.tab}`} className="space-y-1">
          <h3
            id={`${id}-${group.tab}`}
            className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            {group.label}
          </h3>
          <ul className="space-y-0.5">
            {group.docs.map((doc) => {
              const current = group.tab === activeTab && doc.anchor === activeAnchor;
              return (
                <li key={doc.key}>
                  <a
                    href={`#${doc.anchor}`}
                    aria-current={current ? 'location' : undefined}
                    onClick={(event) => {
                      event.preventDefault();
                      onSelect(group.tab, doc);
                    }}
                    className={cn(
                      'flex items-start gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                      current && 'bg-accent font-medium',
                    )}
                  >
                    <MethodBadge method={doc.method} className="mt-0.5 shrink-0" />
                    <span className="min-w-0">
                      <span className="block">{doc.title}</span>
                      <code className="block font-mono text-xs break-words text-muted-foreground">
                        <BreakablePath path={doc.path} />
                      </code>
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {needle && found === 0 && (
        <p className="text-sm text-muted-foreground">No endpoint matches &ldquo;{filter}&rdquo;.</p>
      )}
    </nav>
  );
}
