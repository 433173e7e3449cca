import { toast } from '@/lib/toast';

import { CopyButton } from '@/components/copy-button';
import { copyToClipboard } from '@/lib/clipboard';

const COPIED_MESSAGE = 'API key copied to clipboard';
const COPY_FAILED_MESSAGE = 'Failed to copy API key';

export async function copyApiKey(value: string) {
  if (await copyToClipboard(value)) {
    toast.success('Copied', { description: COPIED_MESSAGE });
  } else {
    toast.warning('Warning', { description: COPY_FAILED_MESSAGE });
  }
}

export function CopyKeyButton({
  value,
  label,
  showText,
}: {
  value: string;
  label: string;
  showText?: boolean;
}) {
  return (
    <CopyButton
      text={value}
      label={label}
      showText={showText}
      successMessage={COPIED_MESSAGE}
      failureMessage={COPY_FAILED_MESSAGE}
    />
  );
}
