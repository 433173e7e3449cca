import {
  ChartColumn,
  KeyRound,
  LayoutDashboard,
  Plug,
  ScrollText,
  Settings,
  type LucideIcon,
} from 'lucide-react';

export interface RouteNavItem {
  kind: 'route';
  label: string;
  to: string;
  icon: LucideIcon;
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
      { kind: 'route', label: 'Dashboard', to: '/', icon: LayoutDashboard },
      { kind: 'route', label: 'Endpoints', to: '/endpoints', icon: Plug },
      { kind: 'route', label: 'Logs', to: '/logs', icon: ScrollText },
      { kind: 'route', label: 'Metrics', to: '/metrics', icon: ChartColumn },
    ],
  },
  {
    id: 'ehr-integrations',
    label: 'EHR INTEGRATIONS',
    items: [
      { kind: 'anchor', label: 'Athena EHR', hash: 'athena', dotClassName: 'bg-green-500' },
      { kind: 'anchor', label: 'Mock EHR', hash: 'mock-ehr', dotClassName: 'bg-yellow-400' },
    ],
  },
  {
    id: 'settings',
    label: 'SETTINGS',
    items: [
      { kind: 'route', label: 'API Keys', to: '/api-keys', icon: KeyRound },
      { kind: 'route', label: 'Configuration', to: '/configuration', icon: Settings },
    ],
  },
];
