import type { ReactNode } from 'react';

import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { cn } from '@/lib/utils';

export interface SelectOption<T extends string = string> {
  value: T;
  label: ReactNode;
}

/**
 * A labelled select over a list of options: the one way the console draws a select. Hints and
 * errors go in `children`, below it; name their ids in `describedBy`.
 */
export function SelectField<T extends string = string>({
  id,
  label,
  value,
  options,
  onChange,
  valueText,
  placeholder,
  disabled,
  name,
  describedBy,
  invalid,
  className,
  children,
}: {
  id: string;
  label: string;
  value: T;
  options: ReadonlyArray<SelectOption<T>>;
  onChange: (value: T) => void;
  /** What the trigger shows, when the value may not be one of the options. */
  valueText?: ReactNode;
  /** What the trigger shows while nothing is chosen (a select used as a menu keeps value ""). */
  placeholder?: string;
  disabled?: boolean;
  /** The form field's name. */
  name?: string;
  describedBy?: string;
  invalid?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {/* The options are the only values the select can report. */}
      <Select
        name={name}
        value={value}
        disabled={disabled}
        onValueChange={(next) => onChange(next as T)}
      >
        <SelectTrigger
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid ? true : undefined}
        >
          <SelectValue placeholder={placeholder}>{valueText}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {children}
    </div>
  );
}
