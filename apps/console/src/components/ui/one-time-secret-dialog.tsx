import { useId, type ReactNode } from 'react';

import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

import { SecretField } from './secret-field';

export const SAVED_IT_LABEL = 'I have saved it';

export interface OneTimeSecretDialogProps {
  /** The secret(s); the dialog is open while this is not null. */
  values: readonly string[] | null;
  title: string;
  description?: ReactNode;
  /** What the value is ("API key", "Recovery codes"): the field's label and the copy button's. */
  label: string;
  /** Why it must be saved now, under the value(s). */
  warning: ReactNode;
  /** The one way out: "I have saved it". The caller forgets the secret here. */
  onSaved: () => void;
  /** Anything else to say (when the old secret stops working, say). */
  children?: ReactNode;
}

function ValueList({ values, label }: { values: readonly string[]; label: string }) {
  const id = useId();
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <p id={id} className="text-sm font-medium">
          {label}
        </p>
        <CopyButton
          text={values.join('\n')}
          label={`Copy ${label}`}
          showText
          caption="Copy all"
          successMessage={`${label} copied to clipboard`}
          failureMessage={`Failed to copy the ${label}`}
        />
      </div>
      <ol
        aria-labelledby={id}
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md border bg-muted/40 p-3 font-mono text-sm"
      >
        {values.map((value) => (
          <li key={value} className="select-all">
            {value}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * A secret the gateway answers with once and never again (an API key, a signing secret, recovery
 * codes): the value(s) with a copy button and a warning. It closes only with "I have saved it":
 * Escape and a click outside do nothing, so nobody loses a secret by a stray click.
 */
export function OneTimeSecretDialog({
  values,
  title,
  description,
  label,
  warning,
  onSaved,
  children,
}: OneTimeSecretDialogProps) {
  const prevent = (event: Event) => event.preventDefault();
  return (
    <Dialog open={values !== null}>
      <DialogContent
        showClose={false}
        onEscapeKeyDown={prevent}
        onPointerDownOutside={prevent}
        onInteractOutside={prevent}
        className="max-h-[92dvh] overflow-y-auto sm:max-w-xl"
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {values?.length === 1 && <SecretField value={values[0]!} label={label} name={label} />}
        {values && values.length > 1 && <ValueList values={values} label={label} />}
        <Callout variant="warning">
          <p>{warning}</p>
        </Callout>
        {children}
        <DialogFooter>
          <Button onClick={onSaved}>{SAVED_IT_LABEL}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
