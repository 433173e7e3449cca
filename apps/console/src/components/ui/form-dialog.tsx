import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

import { Button } from './button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog';

export interface FormDialogProps {
  open: boolean;
  /** Called with false by "Cancel" too: the caller forgets its draft there. */
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog; leave out when a menu item drives `open`. */
  trigger?: ReactNode;
  title: string;
  description: ReactNode;
  descriptionClassName?: string;
  /** For the content box: a wider or scrolling dialog. */
  className?: string;
  submitLabel: string;
  /** The submit button spins and stays disabled while the request is out. */
  pending: boolean;
  canSubmit: boolean;
  /** Called on submit; the page does not reload. */
  onSubmit: () => void;
  /** Skip the browser's own field checks when the fields show their own errors. */
  noValidate?: boolean;
  /** Shown instead of the form once it succeeded (a password shown once, say). */
  done?: ReactNode;
  /** The fields. */
  children?: ReactNode;
}

/** A dialog that asks for something and sends it: title, fields, Cancel and a submit button. */
export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  descriptionClassName,
  className,
  submitLabel,
  pending,
  canSubmit,
  onSubmit,
  noValidate,
  done,
  children,
}: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className={className}>
        {done ?? (
          <form
            className="grid gap-4"
            noValidate={noValidate}
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription className={descriptionClassName}>{description}</DialogDescription>
            </DialogHeader>
            {children}
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!canSubmit || pending}>
                {pending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
                {submitLabel}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
