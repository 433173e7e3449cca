import type { RecoveryCodes, SecondFactorEnrolment } from '@ehr-gateway/contracts';

import { conflict, validationError } from '../../lib/http-errors.js';
import type { PayloadSealer } from '../../lib/payload-seal.js';
import type { AuditContext } from '../audit/index.js';
import type { AdminAuthDeps, AuthenticatedAdmin } from './admin-auth-shared.js';
import { requireUser } from './admin-auth-shared.js';
import type { AdminUserRecord } from './admin-auth-repository.js';
import { NO_LOCAL_PASSWORD } from './no-local-password.js';
import type { SecondFactorRepository } from './second-factor-repository.js';
import { newRecoveryCodes, newTotpEnrolment, recoveryCodeHash, totpStepOf } from './totp.js';

/** How a code at sign-in went. */
export type SecondFactorOutcome = 'accepted' | 'rejected';

/**
 * TOTP second factor for local accounts: enrolment (a pending secret, confirmed by its first
 * code, then ten recovery codes shown once), the check at sign-in, and an admin's reset.
 */
export function createSecondFactorService({
  repository,
  users,
  sealer,
  audit,
  now,
}: {
  repository: SecondFactorRepository;
  users: AdminAuthDeps['repository'];
  /** Null without MFA_ENCRYPTION_KEY: no secret can be stored, so no one can enrol. */
  sealer: PayloadSealer | null;
  audit: AdminAuthDeps['audit'];
  now: () => Date;
}) {
  function requireSealer(): PayloadSealer {
    if (!sealer) {
      throw conflict(
        'Second factors are not available: the server has no MFA_ENCRYPTION_KEY',
        'MFA_NOT_CONFIGURED',
      );
    }
    return sealer;
  }

  /** Checks a code against the secret, taking its time step so it cannot be used again. */
  async function takeTotp(userId: string, sealedSecret: string, code: string, at: Date) {
    const secret = requireSealer().open(sealedSecret);
    const step = secret === null ? null : totpStepOf(secret, code, at);
    return step !== null && (await repository.takeStep(userId, step));
  }

  return {
    async startEnrolment(admin: AuthenticatedAdmin): Promise<SecondFactorEnrolment> {
      const user = await requireUser(users, admin.user.id);
      if (user.passwordHash === NO_LOCAL_PASSWORD) {
        throw conflict(
          `${user.username} signs in with single sign-on: the identity provider asks for the second factor`,
          'SSO_USER',
        );
      }
      if (user.secondFactorAt) {
        throw conflict(
          'You already have a second factor; an admin can reset it',
          'SECOND_FACTOR_ENROLLED',
        );
      }
      const enrolment = await newTotpEnrolment(user.username);
      await repository.savePending(user.id, requireSealer().seal(enrolment.secret));
      return enrolment;
    },

    async confirmEnrolment(
      admin: AuthenticatedAdmin,
      code: string,
      context: AuditContext,
    ): Promise<RecoveryCodes> {
      const at = now();
      const stored = await repository.find(admin.user.id);
      if (!stored || stored.confirmedAt) {
        throw conflict(
          'Start the enrolment first (POST /admin/session/second-factor)',
          'NO_PENDING_SECOND_FACTOR',
        );
      }
      if (!(await takeTotp(admin.user.id, stored.sealedSecret, code, at))) {
        throw validationError(
          'code',
          'is not the current code of this secret (check the phone\u2019s clock)',
        );
      }
      const recoveryCodes = newRecoveryCodes();
      await repository.confirm(admin.user.id, at, recoveryCodes.map(recoveryCodeHash));
      await audit.record(context, { action: 'mfa-enrolled', target: admin.user.username });
      return { recoveryCodes };
    },

    /** At sign-in, after the password: an authenticator code or an unused recovery code. */
    async verify(user: AdminUserRecord, code: string, at: Date): Promise<SecondFactorOutcome> {
      const stored = await repository.find(user.id);
      if (!stored?.confirmedAt) {
        return 'rejected';
      }
      const accepted = /^\d+$/.test(code)
        ? await takeTotp(user.id, stored.sealedSecret, code, at)
        : await repository.useRecoveryCode(user.id, recoveryCodeHash(code), at);
      return accepted ? 'accepted' : 'rejected';
    },

    /** An admin removes a user's second factor (a lost phone); their sessions end. */
    async reset(userId: string, context: AuditContext): Promise<void> {
      const user = await requireUser(users, userId);
      if (!(await repository.remove(user.id))) {
        throw conflict(`${user.username} has no second factor`, 'NO_SECOND_FACTOR');
      }
      await users.deleteSessionsOfUser(user.id);
      await audit.record(context, { action: 'mfa-reset', target: user.username });
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
