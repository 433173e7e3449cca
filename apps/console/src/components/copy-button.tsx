import { Check, Copy, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';

import { Button, type ButtonProps } from '@/components/ui/button';
import { copyToClipboard } from '@/lib/clipboard';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  text: string;
  /** Accessible name, e.g. "Copy request data". */
  label: string;
  /** How long the checkmark stays, in ms. */
  confirmMs?: number;
  successMessage?: string;
  failureMessage?: string;
  showText?: boolean;
  /** The visible word instead of "Copy" (with `showText`), e.g. "cURL"; `label` stays the name. */
  caption?: string;
  /** The icon before the text is copied (a link icon for "copy link"). */
  icon?: LucideIcon;
}

/** Copies text and shows a checkmark for a moment; warns when the browser refuses. */
export function CopyButton({
  text,
  label,
  confirmMs = 2000,
  successMessage = 'Copied to clipboard',
  failureMessage = 'Failed to copy to clipboard',
  showText = false,
  caption,
  icon: IdleIcon = Copy,
  variant = 'outline',
  size = showText ? 'sm' : 'icon-sm',
  ...props
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function handleCopy() {
    if (await copyToClipboard(text)) {
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), confirmMs);
      toast.success('Copied', { description: successMessage });
    } else {
      toast.warning('Warning', { description: failureMessage });
    }
  }

  const Icon = copied ? Check : IdleIcon;
  return (
    <Button
      variant={variant}
      size={size}
      aria-label={showText && !caption ? undefined : label}
      title={label}
      data-copied={copied || undefined}
      onClick={handleCopy}
      {...props}
    >
      <Icon
        aria-hidden="true"
        className={copied ? 'text-green-700 dark:text-green-400' : undefined}
      />
      {showText && (copied ? 'Copied' : (caption ?? 'Copy'))}
    </Button>
  );
}
