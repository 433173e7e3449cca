import { API_KEY_NAME_MAX } from '@ehr-gateway/contracts';

import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The name input both key forms use; the gateway's 100-character limit is enforced as typed. */
export function KeyNameField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        placeholder="e.g. Scheduling voice agent"
        value={value}
        maxLength={API_KEY_NAME_MAX}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
