import { CONSOLE_PATHS } from '@ehr-gateway/contracts';

/** The Endpoints screen's query parameters: which view, and which documentation tab. */
export const ENDPOINTS_SEARCH = { view: 'tab', docsTab: 'docs' } as const;
/** The Endpoints screen's views as they appear in its URL (`/endpoints?tab=tester`). */
export const ENDPOINTS_VIEWS = { documentation: 'docs', tester: 'tester' } as const;

/** The Athena documentation's paragraph on connecting athena. */
export const ATHENA_SETUP_ANCHOR = 'athena-setup';
export const ATHENA_SETUP_LINK = `${CONSOLE_PATHS.endpoints}?${ENDPOINTS_SEARCH.docsTab}=athena#${ATHENA_SETUP_ANCHOR}`;
