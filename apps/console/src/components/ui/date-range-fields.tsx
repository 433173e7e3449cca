import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * A From and a To picker (local date and time, as `datetime-local` values): the time window of a
 * filter form. Two cells of the form's grid.
 */
export function DateRangeFields({
  id,
  from,
  to,
  onFromChange,
  onToChange,
}: {
  /** Prefix of the inputs' ids, unique on the page. */
  id: string;
  from: string;
  to: string;
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
}) {
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="datetime-local"
          value={from}
          onChange={(event) => onFromChange(event.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="datetime-local"
          value={to}
          onChange={(event) => onToChange(event.target.value)}
        />
      </div>
    </>
  );
}
