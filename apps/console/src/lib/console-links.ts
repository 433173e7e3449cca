import { CONSOLE_PATHS } from '@ehr-gateway/contracts';

/** The Endpoints screen's query parameters: which view, and which documentation tab. */
export const ENDPOINTS_SEARCH = { view: 'tab', docsTab: 'docs' } as const;
/** The Endpoints screen's views as they appear in its URL (`/endpoints?tab=tester`). */
export const ENDPOINTS_VIEWS = { documentation: 'docs', tester: 'tester', voice: 'voice' } as const;

/** The Athena documentation's paragraph on connecting athena. */
export const ATHENA_SETUP_ANCHOR = 'athena-setup';
export const ATHENA_SETUP_LINK = `${CONSOLE_PATHS.endpoints}?${ENDPOINTS_SEARCH.docsTab}=athena#${ATHENA_SETUP_ANCHOR}`;

/** The Logs screen filtered as given (the names its URL uses). */
export function logsLink(filters: {
  route?: string;
  method?: string;
  source?: string;
  status?: string;
  from: string;
  to: string;
}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined) {
      search.set(key, value);
    }
  }
  search.set('range', 'custom');
  return `${CONSOLE_PATHS.logs}?${search.toString()}`;
}

/** My Account's "Two-step sign-in" card, where the account menu's item of that name leads. */
export const TWO_STEP_SIGN_IN_ANCHOR = 'two-step-sign-in';
export const TWO_STEP_SIGN_IN_LINK = `${CONSOLE_PATHS.account}#${TWO_STEP_SIGN_IN_ANCHOR}`;
