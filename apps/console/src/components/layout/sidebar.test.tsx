import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, sessionUser } from '@/test/render';

import { SidebarNav } from './sidebar';

const linkNames = () => screen.getAllByRole('link').map((link) => link.textContent);

describe('SidebarNav', () => {
  it('shows an admin every screen, Users and Audit Log included', () => {
    renderWithProviders(<SidebarNav />, { user: sessionUser('admin') });
    expect(linkNames()).toEqual(
      expect.arrayContaining([
        'Dashboard',
        'Logs',
        'API Keys',
        'Configuration',
        'Users',
        'Audit Log',
      ]),
    );
  });

  it('leaves out what a developer may not open', () => {
    renderWithProviders(<SidebarNav />, { user: sessionUser('developer') });
    expect(linkNames()).toEqual(expect.arrayContaining(['Dashboard', 'Logs', 'API Keys']));
    expect(linkNames()).not.toContain('Users');
    expect(linkNames()).not.toContain('Audit Log');
  });

  it('gives an auditor the audit trail and the user list', () => {
    renderWithProviders(<SidebarNav />, { user: sessionUser('auditor') });
    expect(linkNames()).toEqual(expect.arrayContaining(['Users', 'Audit Log', 'Configuration']));
  });
});
