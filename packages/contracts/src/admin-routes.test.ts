import { describe, expect, it } from 'vitest';

import { ADMIN_ROUTES, adminPath } from './admin-routes.js';

describe('adminPath', () => {
  it('puts the admin prefix before a route without parameters', () => {
    expect(adminPath('auditExport')).toBe('/admin/audit/export.csv');
  });

  it('fills each parameter, URL-encoded', () => {
    expect(adminPath('apiKeyRotate', { id: 'a/b c' })).toBe('/admin/api-keys/a%2Fb%20c/rotate');
    expect(adminPath('alertRead', { alertId: '7' })).toBe('/admin/alerts/7/read');
  });

  it('names each route once', () => {
    const patterns = Object.values(ADMIN_ROUTES);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});
