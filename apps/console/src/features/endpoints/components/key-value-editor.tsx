import { Plus, Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

import { freshRowId } from '../lib/query-rows';
import type { KeyValueRow } from '../lib/send-test-request';

/**
 * Rows of name and value with add and remove: the tester's query parameters and its headers.
 * Inputs are named "<Noun> <n> <name label>" and "<Noun> <n> value", counted from 1.
 */
export function KeyValueEditor({
  legend,
  hint,
  noun,
  nameLabel,
  namePlaceholder,
  rows,
  onChange,
  suggestions,
  isSecret,
  children,
}: {
  legend: string;
  hint: ReactNode;
  /** What one row is: "Parameter", "Header". */
  noun: string;
  /** What the first column is called: "key", "name". */
  nameLabel: string;
  namePlaceholder: string;
  rows: KeyValueRow[];
  onChange: (rows: KeyValueRow[]) => void;
  /** Names offered while typing one. */
  suggestions?: readonly string[];
  /** Rows whose value is a credential get a password input. */
  isSecret?: (name: string) => boolean;
  /** More buttons beside "Add <noun>". */
  children?: ReactNode;
}) {
  const id = useId();
  const lowerNoun = noun.toLowerCase();
  const update = (rowId: number, change: Partial<Omit<KeyValueRow, 'id'>>) =>
    onChange(rows.map((row) => (row.id === rowId ? { ...row, ...change } : row)));

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <p className="text-xs text-muted-foreground">{hint}</p>
      {suggestions && (
        <datalist id={`${id}-names`}>
          {suggestions.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      )}
      {rows.length > 0 && (
        <ul className="space-y-2">
          {rows.map((row, index) => (
            <li key={row.id} className="flex gap-2">
              <Input
                aria-label={`${noun} ${index + 1} ${nameLabel}`}
                placeholder={namePlaceholder}
                list={suggestions && `${id}-names`}
                value={row.name}
                onChange={(event) => update(row.id, { name: event.target.value })}
                className="font-mono"
              />
              <Input
                aria-label={`${noun} ${index + 1} value`}
                placeholder="value"
                type={isSecret?.(row.name) ? 'password' : 'text'}
                autoComplete="off"
                value={row.value}
                onChange={(event) => update(row.id, { value: event.target.value })}
                className="font-mono"
              />
              <Button
                variant="outline"
                size="icon"
                aria-label={`Remove ${lowerNoun} ${index + 1}`}
                title={`Remove ${lowerNoun}`}
                onClick={() => onChange(rows.filter((other) => other.id !== row.id))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onChange([...rows, { id: freshRowId(rows), name: '', value: '' }])}
        >
          <Plus aria-hidden="true" />
          Add {noun}
        </Button>
        {children}
      </div>
    </fieldset>
  );
}
