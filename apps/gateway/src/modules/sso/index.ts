import type { SignInOptions } from '@ehr-gateway/contracts';
import { ssoPath } from '@ehr-gateway/contracts';

import type { SignInSettings } from '../../config/settings.js';
import type { Db } from '../../db/database.js';
import type { GatewayModule } from '../../lib/gateway-module.js';
import type { AdminAuthModule } from '../admin-auth/index.js';
import type { AuditModule } from '../audit/index.js';
import { createOidcClient } from './oidc-client.js';
import { createSsoRepository } from './sso-repository.js';
import { auditedSignOut, registerSsoRoutes } from './sso-routes.js';
import { createSsoService } from './sso-service.js';
import { createTransactionSealer } from './transaction-cookie.js';

export { decideAccess, groupsOf } from './role-mapping.js';

interface Deps {
  db: Db;
  signIn: SignInSettings;
  adminAuth: Pick<AdminAuthModule, 'externalAccounts' | 'signOut'>;
  audit: Pick<AuditModule, 'record'>;
  now?: () => Date;
}

/** Single sign-on with the organisation's OIDC provider; the sign-in screen's options. */
export function createSsoModule({ db, signIn, adminAuth, audit, now = () => new Date() }: Deps) {
  const repository = createSsoRepository(db);
  const oidc = signIn.oidc;
  const service = oidc
    ? createSsoService({
        settings: oidc,
        oidc: createOidcClient(oidc),
        sealer: createTransactionSealer(oidc.clientPrivateKey ?? oidc.clientSecret ?? '', now),
        repository,
        accounts: adminAuth.externalAccounts,
        audit,
        now,
      })
    : null;
  const options: SignInOptions = {
    authMode: signIn.authMode,
    sso: oidc ? { displayName: oidc.displayName, loginUrl: ssoPath('login') } : null,
    passwordSignIn: signIn.authMode !== 'sso',
  };
  return {
    adminRoutes: (admin) =>
      registerSsoRoutes(admin, {
        options: () => options,
        service,
        repository,
        signOut: auditedSignOut(adminAuth.signOut),
      }),
  } satisfies GatewayModule & Record<string, unknown>;
}
