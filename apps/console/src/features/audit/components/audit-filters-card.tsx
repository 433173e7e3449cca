import { AUDIT_ACTIONS, type AuditAction } from '@ehr-gateway/contracts';
import { useId, useState, type FormEvent } from 'react';

import { FilterCard } from '@/components/filter-card';
import { SelectField } from '@/components/select-field';
import { DateRangeFields } from '@/components/ui/date-range-fields';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toInstant, toLocalInput } from '@/lib/datetime-local';

import type { AuditFilters } from '../api/get-audit-events';

const ALL_ACTIONS = 'all';
const ACTION_OPTIONS = [
  { value: ALL_ACTIONS, label: 'All actions' },
  ...(Object.keys(AUDIT_ACTIONS) as AuditAction[]).map((value) => ({
    value,
    label: AUDIT_ACTIONS[value],
  })),
];

export function AuditFiltersCard({
  initialFilters,
  onApply,
}: {
  initialFilters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const id = useId();
  const [actor, setActor] = useState(initialFilters.actor ?? '');
  const [action, setAction] = useState<string>(initialFilters.action ?? ALL_ACTIONS);
  const [from, setFrom] = useState(toLocalInput(initialFilters.from));
  const [to, setTo] = useState(toLocalInput(initialFilters.to));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply({
      actor: actor.trim() || undefined,
      action: action === ALL_ACTIONS ? undefined : (action as AuditAction),
      from: toInstant(from),
      to: toInstant(to),
    });
  }

  function handleClear() {
    setActor('');
    setAction(ALL_ACTIONS);
    setFrom('');
    setTo('');
    onApply({});
  }

  return (
    <FilterCard onSubmit={handleSubmit} onClear={handleClear}>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-actor`}>Actor</Label>
        <Input
          id={`${id}-actor`}
          placeholder="Username, user id or key id"
          value={actor}
          onChange={(event) => setActor(event.target.value)}
        />
      </div>
      <SelectField
        id={`${id}-action`}
        label="Action"
        value={action}
        onChange={setAction}
        options={ACTION_OPTIONS}
      />
      <DateRangeFields id={id} from={from} to={to} onFromChange={setFrom} onToChange={setTo} />
    </FilterCard>
  );
}
