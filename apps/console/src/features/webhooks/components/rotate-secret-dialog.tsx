import type { WebhookEndpoint, WebhookSecretRotated } from '@ehr-gateway/contracts';
import { useId, useState } from 'react';

import { SelectField } from '@/components/select-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';

import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { webhookErrorMessage } from '../lib/error-message';
import { SigningSecretDialog } from './signing-secret-dialog';

const GRACE_OPTIONS = [
  { value: '0', label: 'End the old secret now' },
  { value: '60', label: 'Old secret signs for 1 hour' },
  { value: '1440', label: 'Old secret signs for 24 hours' },
  { value: '4320', label: 'Old secret signs for 3 days' },
] as const;
type GraceChoice = (typeof GRACE_OPTIONS)[number]['value'];

/** A new signing secret; during the grace period deliveries carry both signatures. */
export function RotateSecretDialog({
  endpoint,
  open,
  onOpenChange,
}: {
  endpoint: WebhookEndpoint;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [grace, setGrace] = useState<GraceChoice>('1440');
  const [rotated, setRotated] = useState<WebhookSecretRotated | null>(null);
  const rotate = useRotateWebhookSecret(endpoint.id);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setRotated(null);
      rotate.reset();
    }
  };
  const onRotate = () =>
    rotate.mutate(Number(grace), {
      onSuccess: setRotated,
      onError: (error) =>
        toast.error('Error', {
          description: webhookErrorMessage(error, 'Failed to rotate the secret.'),
        }),
    });
  return (
    <>
      <FormDialog
        open={open && !rotated}
        onOpenChange={close}
        title="Rotate Signing Secret"
        description={endpoint.url}
        descriptionClassName="break-all"
        className="max-h-[92dvh] overflow-y-auto sm:max-w-xl"
        submitLabel="Rotate Secret"
        pending={rotate.isPending}
        canSubmit
        onSubmit={onRotate}
      >
        <SelectField
          id={`${id}-grace`}
          label="Grace period"
          value={grace}
          options={GRACE_OPTIONS}
          onChange={setGrace}
        />
      </FormDialog>
      <SigningSecretDialog
        secret={open ? (rotated?.secret ?? null) : null}
        title="Signing Secret Rotated"
        description={<span className="break-all">{endpoint.url}</span>}
        onSaved={() => close(false)}
      >
        {rotated?.previousSecretExpiresAt && (
          <p className="text-sm text-muted-foreground">
            The old secret also signs until {formatDateTime(rotated.previousSecretExpiresAt)}.
          </p>
        )}
      </SigningSecretDialog>
    </>
  );
}
