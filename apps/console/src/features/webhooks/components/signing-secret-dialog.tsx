import type { ReactNode } from 'react';

import { OneTimeSecretDialog } from '@/components/ui/one-time-secret-dialog';

/** A signing secret the one time the gateway answers with it (creation, rotation). */
export function SigningSecretDialog({
  secret,
  title,
  description,
  onSaved,
  children,
}: {
  /** The dialog is open while this is not null. */
  secret: string | null;
  title: string;
  description: ReactNode;
  onSaved: () => void;
  children?: ReactNode;
}) {
  return (
    <OneTimeSecretDialog
      values={secret === null ? null : [secret]}
      title={title}
      description={description}
      label="Signing secret"
      warning="Copy this secret now and give it to the receiver: it verifies every delivery with it. It cannot be displayed again."
      onSaved={onSaved}
    >
      {children}
    </OneTimeSecretDialog>
  );
}
