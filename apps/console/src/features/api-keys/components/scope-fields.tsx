import {
  ALL_API_SCOPES,
  API_SCOPE_PRESETS,
  API_SCOPES,
  type ApiScope,
} from '@ehr-gateway/contracts';
import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';

/** Scopes as the console groups them; every scope appears in exactly one group. */
const SCOPE_GROUPS: Array<{ title: string; scopes: ApiScope[] }> = [
  { title: 'EHR', scopes: ['ehr:read', 'ehr:write'] },
  { title: 'Scheduling', scopes: ['aggregation', 'scheduling'] },
  { title: 'Voice agents', scopes: ['voice-config:read', 'voice-config:write', 'tools'] },
  { title: 'Other', scopes: ['utility'] },
];

const sameScopes = (a: readonly ApiScope[], b: readonly ApiScope[]) =>
  a.length === b.length && a.every((scope) => b.includes(scope));

/** Null means every scope (also those added later); the console shows it as all boxes ticked. */
export function ScopeFields({
  value,
  onChange,
}: {
  value: readonly ApiScope[] | null;
  onChange: (scopes: ApiScope[] | null) => void;
}) {
  const id = useId();
  const chosen = value ?? ALL_API_SCOPES;
  const toggle = (scope: ApiScope, on: boolean) => {
    const next = on ? [...chosen, scope] : chosen.filter((item) => item !== scope);
    onChange(
      sameScopes(next, ALL_API_SCOPES) ? null : ALL_API_SCOPES.filter((s) => next.includes(s)),
    );
  };
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">Scopes</legend>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Scope presets">
        <Button
          type="button"
          size="sm"
          variant={value === null ? 'default' : 'outline'}
          aria-pressed={value === null}
          onClick={() => onChange(null)}
        >
          All scopes
        </Button>
        {Object.entries(API_SCOPE_PRESETS).map(([label, scopes]) => {
          const active = value !== null && sameScopes(value, scopes);
          return (
            <Button
              key={label}
              type="button"
              size="sm"
              variant={active ? 'default' : 'outline'}
              aria-pressed={active}
              onClick={() => onChange([...scopes])}
            >
              {label}
            </Button>
          );
        })}
      </div>
      {chosen.length === 0 && (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          Choose at least one scope.
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {SCOPE_GROUPS.map((group) => (
          <div key={group.title} className="grid content-start gap-2">
            <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {group.title}
            </p>
            {group.scopes.map((scope) => (
              <label
                key={scope}
                htmlFor={`${id}-${scope}`}
                className="flex cursor-pointer items-start gap-2 text-sm"
              >
                <Checkbox
                  id={`${id}-${scope}`}
                  className="mt-0.5"
                  checked={chosen.includes(scope)}
                  onChange={(event) => toggle(scope, event.currentTarget.checked)}
                />
                <span className="min-w-0">
                  <code className="font-mono text-xs font-semibold">{scope}</code>
                  <span className="block text-xs text-muted-foreground">{API_SCOPES[scope]}</span>
                </span>
              </label>
            ))}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
