import { hkdfSync, randomBytes } from 'node:crypto';

import { createJweSealer } from '../../lib/jwe-seal.js';

/** How long a reference handed to a voice agent stays valid: the length of a long call. */
export const TOOL_TOKEN_TTL_MS = 30 * 60_000;

export type ToolTokenKind = 'patient' | 'slot' | 'appointment';

/** Who a token was handed to: the tenant and the call (or, without a call id, the API key). */
export interface ToolCaller {
  tenantId: number;
  callId: string;
}

interface Sealed<T> {
  kind: ToolTokenKind;
  tenantId: number;
  callId: string;
  expiresAt: number;
  data: T;
}

export type TokenProblem = 'invalid' | 'expired' | 'other-call';

/**
 * The references the scheduling tools hand out (a patient, a slot, an appointment): compact JWE
 * (`dir`, A256GCM, through jose), so the EHR id inside is neither readable nor forgeable, and bound
 * to the tenant and call they were issued for, so a reference from another call or tenant is
 * refused. References sealed before JWE (payload-seal's v1 format) still open until they expire.
 *
 * The key comes from TOOL_TOKEN_SECRET; without it, from a random secret of this process (tokens
 * then do not survive a restart or travel to another instance: set it when running several).
 */
export function createToolTokens({
  secret,
  now = () => Date.now(),
}: {
  secret?: string;
  now?: () => number;
}) {
  const key = Buffer.from(
    hkdfSync('sha256', secret ?? randomBytes(32), 'ehr-gateway', 'voice tool tokens', 32),
  );
  const sealer = createJweSealer(key);

  return {
    issue<T>(kind: ToolTokenKind, caller: ToolCaller, data: T): Promise<string> {
      const sealed: Sealed<T> = {
        kind,
        tenantId: caller.tenantId,
        callId: caller.callId,
        expiresAt: now() + TOOL_TOKEN_TTL_MS,
        data,
      };
      return sealer.seal(JSON.stringify(sealed));
    },

    async read<T>(
      kind: ToolTokenKind,
      caller: ToolCaller,
      token: string,
    ): Promise<{ ok: true; data: T } | { ok: false; problem: TokenProblem }> {
      const opened = await sealer.open(token);
      if (opened === null) {
        return { ok: false, problem: 'invalid' };
      }
      const sealed = JSON.parse(opened) as Sealed<T>;
      if (sealed.kind !== kind) {
        return { ok: false, problem: 'invalid' };
      }
      if (sealed.tenantId !== caller.tenantId || sealed.callId !== caller.callId) {
        return { ok: false, problem: 'other-call' };
      }
      if (sealed.expiresAt < now()) {
        return { ok: false, problem: 'expired' };
      }
      return { ok: true, data: sealed.data };
    },
  };
}

export type ToolTokens = ReturnType<typeof createToolTokens>;
