import { PASSWORD_MIN_LENGTH } from '@ehr-gateway/contracts';
import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { UNEXPECTED_ERROR_MESSAGE } from '@/lib/query-client';

import { useChangePassword } from '../api/change-password';

type Field = 'currentPassword' | 'newPassword' | 'confirmation';

/** The rules the gateway applies, checked here first so the answer comes before the request. */
function localErrors(
  username: string,
  values: Record<Field, string>,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.currentPassword) {
    errors.currentPassword = 'Enter your current password';
  }
  if (values.newPassword.length < PASSWORD_MIN_LENGTH) {
    errors.newPassword = `Must be at least ${PASSWORD_MIN_LENGTH} characters`;
  } else if (values.newPassword.toLowerCase().includes(username.toLowerCase())) {
    errors.newPassword = 'Must not contain your username';
  } else if (values.newPassword === values.currentPassword) {
    errors.newPassword = 'Must differ from the current password';
  }
  if (values.confirmation !== values.newPassword) {
    errors.confirmation = 'Does not match the new password';
  }
  return errors;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function ChangePasswordForm({
  username,
  currentPasswordHint,
}: {
  username: string;
  currentPasswordHint?: string;
}) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmation: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const change = useChangePassword();

  function set(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = localErrors(username, values);
    setErrors(found);
    if (Object.keys(found).length > 0 || change.isPending) {
      return;
    }
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues({ currentPassword: '', newPassword: '', confirmation: '' });
          toast.success('Password Changed', {
            description: 'Your other sessions were signed out.',
          });
        },
        onError: (error) => {
          if (isApiError(error, 400)) {
            const fieldErrors = error.fieldErrors;
            setErrors({
              currentPassword:
                fieldErrors.currentPassword && capitalised(fieldErrors.currentPassword),
              newPassword: fieldErrors.newPassword && capitalised(fieldErrors.newPassword),
            });
          }
          toast.error('Error', {
            description: isApiError(error)
              ? 'Your password was not changed.'
              : UNEXPECTED_ERROR_MESSAGE,
          });
        },
      },
    );
  }

  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <div className="space-y-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        type="password"
        autoComplete={autoComplete}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={
          [hint ? `${id}-${name}-hint` : null, errors[name] ? `${id}-${name}-error` : null]
            .filter(Boolean)
            .join(' ') || undefined
        }
        onChange={(event) => set(name, event.target.value)}
      />
      {hint && (
        <p id={`${id}-${name}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="text-sm text-red-700 dark:text-red-300">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form className="space-y-4" onSubmit={handleSubmit} noValidate>
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      {field('currentPassword', 'Current password', 'current-password', currentPasswordHint)}
      {field(
        'newPassword',
        'New password',
        'new-password',
        `At least ${PASSWORD_MIN_LENGTH} characters, not containing your username`,
      )}
      {field('confirmation', 'Confirm new password', 'new-password')}
      <Button type="submit" disabled={change.isPending}>
        {change.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
        Change Password
      </Button>
    </form>
  );
}
