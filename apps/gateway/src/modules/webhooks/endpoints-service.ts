import type {
  AdminCreateWebhookEndpointBody,
  RotateWebhookSecretBody,
  UpdateWebhookEndpointBody,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookEventType,
  WebhookSecretRotated,
} from '@ehr-gateway/contracts';

import { forbidden, notFound, validationError } from '../../lib/http-errors.js';
import type { AuditContext, AuditRecord } from '../audit/index.js';
import { checkDestination, RefusedAddressError } from './address-guard.js';
import type { EndpointChanges, EndpointRow, EndpointsRepository } from './endpoints-repository.js';
import { newWebhookSecret, type SecretSealer } from './webhook-signing.js';

/** Who is asking: an API key (its own endpoints, its practices) or an admin (every endpoint). */
export type Caller =
  { kind: 'api-key'; keyId: string; practiceIds: readonly string[] | null } | { kind: 'admin' };

const ownerOf = (caller: Caller) => (caller.kind === 'api-key' ? caller.keyId : null);
const iso = (at: Date | null) => at?.toISOString() ?? null;

export function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    description: row.description,
    payload: row.payload as WebhookEndpoint['payload'],
    phiApproved: row.phi_approved,
    status: row.status as WebhookEndpoint['status'],
    failureStreak: row.failure_streak,
    failingSince: iso(row.failing_since),
    disabledAt: iso(row.disabled_at),
    practiceIds: row.practice_ids,
    ownerKeyId: row.owner_key_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    secretRotatedAt: iso(row.secret_rotated_at),
    previousSecretExpiresAt: iso(row.previous_secret_expires_at),
  };
}

/** What an audit entry says of an endpoint: where it points and what it gets, never its secret. */
const described = (row: EndpointRow) => ({
  url: row.url,
  events: row.events,
  payload: row.payload,
  phiApproved: row.phi_approved,
  status: row.status,
});

interface Deps {
  repository: EndpointsRepository;
  sealer: SecretSealer;
  audit: { record: (context: AuditContext, record: AuditRecord) => Promise<void> };
  allowPrivate: boolean;
  now: () => Date;
}

/** Registering, changing and removing webhook endpoints; every change is in the audit trail. */
export function createEndpointsService({ repository, sealer, audit, allowPrivate, now }: Deps) {
  const checkUrl = (url: string) => {
    try {
      checkDestination(new URL(url), allowPrivate);
    } catch (error) {
      if (error instanceof RefusedAddressError) {
        throw validationError('url', `url: ${error.message}`);
      }
      throw error;
    }
  };

  async function load(id: string, caller: Caller): Promise<EndpointRow> {
    const row = await repository.find(id, ownerOf(caller));
    if (!row) {
      throw notFound(`No webhook endpoint ${id}`, 'WEBHOOK_ENDPOINT_NOT_FOUND');
    }
    return row;
  }

  const refuseFullWithoutApproval = (payload: string | undefined, approved: boolean) => {
    if (payload === 'full' && !approved) {
      throw forbidden(
        'payload: full needs an admin to mark this endpoint PHI-approved first',
        'PHI_APPROVAL_REQUIRED',
      );
    }
  };

  async function change(
    row: EndpointRow,
    changes: EndpointChanges,
    action: AuditRecord['action'],
    context: AuditContext,
  ): Promise<WebhookEndpoint> {
    const updated = await repository.update(row.id, changes, now());
    await audit.record(context, {
      action,
      target: row.id,
      details: { before: described(row), after: described(updated) },
    });
    return toEndpoint(updated);
  }

  return {
    load,

    async create(
      body: AdminCreateWebhookEndpointBody,
      caller: Caller,
      context: AuditContext,
    ): Promise<WebhookEndpointCreated> {
      checkUrl(body.url);
      refuseFullWithoutApproval(body.payload, false);
      const secret = newWebhookSecret();
      const row = await repository.insert({
        url: body.url,
        events: body.events,
        description: body.description,
        payload: body.payload,
        practiceIds:
          caller.kind === 'api-key'
            ? (caller.practiceIds?.slice() ?? null)
            : (body.practiceIds ?? null),
        ownerKeyId: ownerOf(caller),
        secretSealed: sealer.seal(secret),
        at: now(),
      });
      await audit.record(context, {
        action: 'webhook-endpoint-created',
        target: row.id,
        details: described(row),
      });
      return { endpoint: toEndpoint(row), secret };
    },

    list: async (caller: Caller) => (await repository.list(ownerOf(caller))).map(toEndpoint),

    get: async (id: string, caller: Caller) => toEndpoint(await load(id, caller)),

    async update(
      id: string,
      body: UpdateWebhookEndpointBody,
      caller: Caller,
      context: AuditContext,
    ) {
      const row = await load(id, caller);
      if (body.url !== undefined) {
        checkUrl(body.url);
      }
      refuseFullWithoutApproval(body.payload, row.phi_approved);
      return change(row, body, 'webhook-endpoint-changed', context);
    },

    async pause(id: string, caller: Caller, context: AuditContext) {
      return change(
        await load(id, caller),
        { status: 'paused' },
        'webhook-endpoint-paused',
        context,
      );
    },

    /** Resuming a disabled endpoint starts it afresh: no failure streak, deliveries from now on. */
    async resume(id: string, caller: Caller, context: AuditContext) {
      const changes = {
        status: 'active',
        failure_streak: 0,
        failing_since: null,
        disabled_at: null,
      };
      return change(await load(id, caller), changes, 'webhook-endpoint-resumed', context);
    },

    async rotate(
      id: string,
      { graceMinutes }: RotateWebhookSecretBody,
      caller: Caller,
      context: AuditContext,
    ): Promise<WebhookSecretRotated> {
      const row = await load(id, caller);
      const at = now();
      const expires = graceMinutes > 0 ? new Date(at.getTime() + graceMinutes * 60_000) : null;
      const secret = newWebhookSecret();
      const updated = await repository.update(
        id,
        {
          secret_sealed: sealer.seal(secret),
          previous_secret_sealed: expires ? row.secret_sealed : null,
          previous_secret_expires_at: expires,
          secret_rotated_at: at,
        },
        at,
      );
      await audit.record(context, {
        action: 'webhook-secret-rotated',
        target: id,
        details: { graceMinutes },
      });
      return { endpoint: toEndpoint(updated), secret, previousSecretExpiresAt: iso(expires) };
    },

    async remove(id: string, caller: Caller, context: AuditContext): Promise<void> {
      const row = await load(id, caller);
      await repository.remove(id);
      await audit.record(context, {
        action: 'webhook-endpoint-deleted',
        target: id,
        details: described(row),
      });
    },

    /** Withdrawing approval also returns the endpoint to id-only bodies. */
    async setPhiApproval(id: string, phiApproved: boolean, context: AuditContext) {
      const row = await load(id, { kind: 'admin' });
      const changes: EndpointChanges = phiApproved
        ? { phi_approved: true }
        : { phi_approved: false, payload: 'id-only' };
      return change(row, changes, 'webhook-phi-approval-changed', context);
    },

    /** The gateway stops an endpoint that failed for three days; recorded as the system's act. */
    async disable(row: EndpointRow) {
      await change(row, { status: 'disabled', disabled_at: now() }, 'webhook-endpoint-disabled', {
        actor: { type: 'system', id: null, name: 'webhook delivery' },
        ip: null,
        userAgent: null,
      });
    },
  };
}

export type EndpointsService = ReturnType<typeof createEndpointsService>;
