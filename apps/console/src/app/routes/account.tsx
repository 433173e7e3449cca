import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '@ehr-gateway/contracts';

import { Page } from '@/components/page';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { SessionsCard } from '@/features/auth/components/sessions-card';
import { TwoStepSignInCard } from '@/features/auth/components/two-step-sign-in-card';
import { useCurrentUser } from '@/lib/current-user';

export function AccountRoute() {
  const user = useCurrentUser();
  if (!user) {
    return null;
  }
  return (
    <Page
      title="My Account"
      description="Your role, your password, two-step sign-in and where you are signed in."
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>{user.displayName}</CardTitle>
              <CardDescription className="font-mono">{user.username}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-2 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="info">{ROLE_LABELS[user.role]}</Badge>
                <Badge variant={user.phiAccess ? 'warning' : 'secondary'}>
                  {user.phiAccess ? 'PHI access' : 'No PHI access'}
                </Badge>
              </div>
              <p className="text-muted-foreground">{ROLE_DESCRIPTIONS[user.role]}</p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Change Password</CardTitle>
              <CardDescription>Your other sessions are signed out when it changes.</CardDescription>
            </CardHeader>
            <CardContent>
              <ChangePasswordForm username={user.username} />
            </CardContent>
          </Card>
        </div>
        <div className="space-y-6 self-start">
          <TwoStepSignInCard user={user} />
          <SessionsCard />
        </div>
      </div>
    </Page>
  );
}
