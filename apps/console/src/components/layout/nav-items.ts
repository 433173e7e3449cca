import {
  ChartColumn,
  KeyRound,
  LayoutDashboard,
  Plug,
  ScrollText,
  Settings,
  ShieldCheck,
  Users,
  Webhook,
  type LucideIcon,
} from 'lucide-react';

import { CONSOLE_PATHS, type Permission } from '@ehr-gateway/contracts';

export interface RouteNavItem {
  kind: 'route';
  label: string;
  to: string;
  icon: LucideIcon;
  /** Shown only to users who hold it. */
  permission: Permission;
}

/** In-page anchors on the Dashboard's status cards. */
export interface AnchorNavItem {
  kind: 'anchor';
  label: string;
  hash: string;
  dotClassName: string;
}

export interface NavGroup {
  id: string;
  label: string;
  items: (RouteNavItem | AnchorNavItem)[];
}

export const NAV_GROUPS: NavGroup[] = [
  {
    id: 'gateway',
    label: 'GATEWAY',
    items: [
      {
        kind: 'route',
        label: 'Dashboard',
        to: CONSOLE_PATHS.dashboard,
        icon: LayoutDashboard,
        permission: 'status:read',
      },
      {
        kind: 'route',
        label: 'Endpoints',
        to: CONSOLE_PATHS.endpoints,
        icon: Plug,
        permission: 'session:self',
      },
      {
        kind: 'route',
        label: 'Logs',
        to: CONSOLE_PATHS.logs,
        icon: ScrollText,
        permission: 'logs:read',
      },
      {
        kind: 'route',
        label: 'Metrics',
        to: CONSOLE_PATHS.metrics,
        icon: ChartColumn,
        permission: 'metrics:read',
      },
    ],
  },
  {
    id: 'ehr-integrations',
    label: 'EHR INTEGRATIONS',
    items: [
      { kind: 'anchor', label: 'Athena EHR', hash: 'athena', dotClassName: 'bg-green-500' },
      { kind: 'anchor', label: 'FHIR EHR', hash: 'fhir-ehr', dotClassName: 'bg-sky-500' },
      { kind: 'anchor', label: 'Mock EHR', hash: 'mock-ehr', dotClassName: 'bg-yellow-400' },
    ],
  },
  {
    id: 'settings',
    label: 'SETTINGS',
    items: [
      {
        kind: 'route',
        label: 'API Keys',
        to: CONSOLE_PATHS.apiKeys,
        icon: KeyRound,
        permission: 'keys:read',
      },
      {
        kind: 'route',
        label: 'Configuration',
        to: CONSOLE_PATHS.configuration,
        icon: Settings,
        permission: 'config:read',
      },
      {
        kind: 'route',
        label: 'Users',
        to: CONSOLE_PATHS.users,
        icon: Users,
        permission: 'users:read',
      },
      {
        kind: 'route',
        label: 'Webhooks',
        to: CONSOLE_PATHS.webhooks,
        icon: Webhook,
        permission: 'webhooks:read',
      },
      {
        kind: 'route',
        label: 'Audit Log',
        to: CONSOLE_PATHS.audit,
        icon: ShieldCheck,
        permission: 'audit:read',
      },
    ],
  },
];
