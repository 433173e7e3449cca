import { STAFF_HANDOFF_CONFIG_KEY } from '@ehr-gateway/contracts';

import { spokenResult } from '../spoken.js';
import type { ToolFn, ToolKit } from './tool-kit.js';

export function transferToStaffTool(kit: ToolKit): ToolFn<'transfer_to_staff'> {
  return async (args) => {
    const configured = await kit.deps.voiceConfig
      .getGlobalConfig(STAFF_HANDOFF_CONFIG_KEY)
      .catch(() => null);
    const number = typeof configured?.value === 'string' ? configured.value : null;
    if (!number) {
      return spokenResult(
        "I'm sorry, I can't transfer you right now. Please call the practice's front desk directly.",
        { transfer: false, reason: 'no_handoff_number_configured' },
      );
    }
    return spokenResult('Let me connect you with someone at the practice.', {
      transfer: true,
      destination: number,
      reason: args.reason,
    });
  };
}
