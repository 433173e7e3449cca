import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SecretField } from '@/components/ui/secret-field';

/** A one-time password as the admin API hands it over: shown here once, with a copy button. */
export function OneTimePassword({ username, password }: { username: string; password: string }) {
  return (
    <div className="space-y-3">
      <SecretField
        value={password}
        label={`One-time password for ${username}`}
        name="one-time password"
      />
      <Callout variant="warning">
        <p>
          Copy it now and give it to {username} in person or over a trusted channel. It cannot be
          displayed again. They must choose their own password when they first sign in with it.
        </p>
      </Callout>
    </div>
  );
}

/** What a user dialog shows once the gateway handed out a one-time password: it, and Close. */
export function OneTimePasswordShown({
  title,
  description,
  username,
  password,
  onClose,
}: {
  title: string;
  description: string;
  username: string;
  password: string;
  onClose: () => void;
}) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <OneTimePassword username={username} password={password} />
      <DialogFooter>
        <Button onClick={onClose}>Close</Button>
      </DialogFooter>
    </>
  );
}
