import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export interface SegmentedOption<T extends string> {
  value: T;
  /** What the button shows. */
  label: string;
  /**
   * Said after the label to screen readers, when the label is short ("15m": "Last 15 minutes").
   * The accessible name starts with the label, so speech-control users can say what they see.
   */
  description?: string;
}

/**
 * A row of toggle buttons of which one is pressed: the platform, the EHR a preset asks, a time
 * range. A group of `aria-pressed` buttons, reachable by Tab like any button.
 */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onChange,
  className,
  pressedVariant = 'secondary',
}: {
  /** The group's accessible name. */
  label: string;
  options: ReadonlyArray<SegmentedOption<T>>;
  value: T;
  onChange: (value: T) => void;
  className?: string;
  pressedVariant?: 'secondary' | 'default';
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cn('inline-flex flex-wrap rounded-md border p-0.5', className)}
    >
      {options.map((option) => (
        <Button
          key={option.value}
          type="button"
          size="sm"
          variant={option.value === value ? pressedVariant : 'ghost'}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
          {option.description && <span className="sr-only"> ({option.description})</span>}
        </Button>
      ))}
    </div>
  );
}
