import {
  SubscribableWebhookEventType,
  type CreateWebhookEndpointBody,
  type WebhookEndpointCreated,
} from '@ehr-gateway/contracts';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';

import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint';
import { webhookErrorMessage } from '../lib/error-message';
import { EventTypeFields } from './event-type-fields';
import { SigningSecretDialog } from './signing-secret-dialog';

const APPOINTMENT_EVENTS = SubscribableWebhookEventType.options.filter((type) =>
  type.startsWith('appointment.'),
);

interface EndpointDraft {
  url: string;
  description: string;
  events: CreateWebhookEndpointBody['events'];
}
const EMPTY_DRAFT: EndpointDraft = { url: '', description: '', events: APPOINTMENT_EVENTS };

function EndpointFields({
  draft,
  onChange,
}: {
  draft: EndpointDraft;
  onChange: (draft: EndpointDraft) => void;
}) {
  const id = useId();
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor={`${id}-url`}>Endpoint URL</Label>
        <Input
          id={`${id}-url`}
          type="url"
          required
          inputMode="url"
          placeholder="https://receiver.example.com/ehr-events"
          value={draft.url}
          onChange={(event) => onChange({ ...draft, url: event.currentTarget.value })}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-description`}>Description (optional)</Label>
        <Input
          id={`${id}-description`}
          maxLength={500}
          placeholder="Reminder calls for Practice 195900"
          value={draft.description}
          onChange={(event) => onChange({ ...draft, description: event.currentTarget.value })}
        />
      </div>
      <EventTypeFields value={draft.events} onChange={(events) => onChange({ ...draft, events })} />
      <p className="rounded-md border p-3 text-sm text-muted-foreground">
        Deliveries carry ids and what changed, never a name, birth date or phone number. To send
        full patient data, approve the endpoint for PHI after creating it.
      </p>
    </>
  );
}

/** Two steps: the endpoint's URL, events and description, then its signing secret shown once. */
export function CreateWebhookEndpointDialog() {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<EndpointDraft>(EMPTY_DRAFT);
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const create = useCreateWebhookEndpoint();

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setDraft(EMPTY_DRAFT);
      setCreated(null);
      create.reset();
    }
  }

  function handleSubmit() {
    if (!draft.url.trim() || draft.events.length === 0 || create.isPending) {
      return;
    }
    create.mutate(
      {
        url: draft.url.trim(),
        description: draft.description.trim(),
        events: draft.events,
        payload: 'id-only',
      },
      {
        onSuccess: (result) => {
          setCreated(result);
          toast.success('Webhook Endpoint Created', {
            description: 'Copy the signing secret now; it cannot be displayed again.',
          });
        },
        onError: (error) => {
          toast.error('Error', {
            description: webhookErrorMessage(
              error,
              'Failed to create the endpoint. Please try again.',
            ),
          });
        },
      },
    );
  }

  return (
    <>
      <FormDialog
        open={open && !created}
        onOpenChange={handleOpenChange}
        trigger={
          <Button>
            <Plus aria-hidden="true" />
            New Endpoint
          </Button>
        }
        title="Add Webhook Endpoint"
        description="The gateway signs every delivery (Standard Webhooks) and retries for up to 3 days."
        className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl"
        submitLabel="Create Endpoint"
        pending={create.isPending}
        canSubmit={Boolean(draft.url.trim()) && draft.events.length > 0}
        onSubmit={handleSubmit}
      >
        <EndpointFields draft={draft} onChange={setDraft} />
        {create.isError && (
          <p role="alert" className="text-sm text-destructive dark:text-red-400">
            {webhookErrorMessage(create.error, 'Failed to create the endpoint.')}
          </p>
        )}
      </FormDialog>
      <SigningSecretDialog
        secret={created?.secret ?? null}
        title="Webhook Endpoint Created"
        description={<span className="break-all">Events now go to {created?.endpoint.url}.</span>}
        onSaved={() => handleOpenChange(false)}
      />
    </>
  );
}
