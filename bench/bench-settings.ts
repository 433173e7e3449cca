import type { GatewaySettings } from '@ehr-gateway/gateway';

/** Long enough and free of the username, so the first sign-in needs no password change. */
export const BENCH_PASSWORD = 'bench-passphrase-long';

/** The gateway settings every benchmark runs with: no athena, no console, warnings only. */
export function benchSettings(overrides: Partial<GatewaySettings> = {}): GatewaySettings {
  return {
    environment: 'bench',
    version: 'bench',
    adminUsername: 'admin',
    adminPassword: BENCH_PASSWORD,
    athena: {
      baseUrl: undefined,
      clientId: undefined,
      clientSecret: undefined,
      practiceId: undefined,
    },
    corsOrigins: [],
    consoleDir: null,
    sessionIdleMinutes: 30,
    sessionMaxHours: 12,
    requestLogRetentionDays: 30,
    requestLogMaxBodyBytes: 16_384,
    auditRetentionDays: 2_192,
    payloadEncryptionKey: null,
    initialLogLevel: 'warn',
    ...overrides,
  };
}
