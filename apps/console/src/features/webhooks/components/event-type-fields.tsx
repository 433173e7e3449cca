import {
  SubscribableWebhookEventType,
  WEBHOOK_EVENT_TYPES,
  type CreateWebhookEndpointBody,
} from '@ehr-gateway/contracts';
import { useId } from 'react';

import { Checkbox } from '@/components/ui/checkbox';

type SubscribableEvent = CreateWebhookEndpointBody['events'][number];

/** The events an endpoint subscribes to, one checkbox each, with what each means. */
export function EventTypeFields({
  value,
  onChange,
}: {
  value: readonly SubscribableEvent[];
  onChange: (events: SubscribableEvent[]) => void;
}) {
  const id = useId();
  const toggle = (type: SubscribableEvent, on: boolean) => {
    const next = on ? [...value, type] : value.filter((item) => item !== type);
    onChange(SubscribableWebhookEventType.options.filter((item) => next.includes(item)));
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Events</legend>
      {value.length === 0 && (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          Choose at least one event.
        </p>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        {SubscribableWebhookEventType.options.map((type) => (
          <label
            key={type}
            htmlFor={`${id}-${type}`}
            className="flex cursor-pointer items-start gap-2 text-sm"
          >
            <Checkbox
              id={`${id}-${type}`}
              className="mt-0.5"
              checked={value.includes(type)}
              onChange={(event) => toggle(type, event.currentTarget.checked)}
            />
            <span className="min-w-0">
              <code className="font-mono text-xs font-semibold">{type}</code>
              <span className="block text-xs text-muted-foreground">
                {WEBHOOK_EVENT_TYPES[type]}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
