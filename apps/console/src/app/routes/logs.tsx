import { CONSOLE_PATHS } from '@ehr-gateway/contracts';
import { useNavigate, useParams, useSearchParams } from 'react-router';

import { Page } from '@/components/page';
import { LogsView } from '@/features/request-logs/components/logs-view';
import { filtersFromSearch, searchFromFilters } from '@/features/request-logs/lib/log-view-filters';

/** `/logs?…filters` lists; `/logs/{id}?…filters` shows that entry over the same list. */
export function LogsRoute() {
  const { logId } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const filters = filtersFromSearch(search);
  const query = (next: URLSearchParams) => (next.size > 0 ? `?${next.toString()}` : '');

  return (
    <Page
      title="Request Logs"
      description="Every request the gateway handled, newest first. Refreshes every 30 seconds."
    >
      <LogsView
        filters={filters}
        onFiltersChange={(next) =>
          void navigate(`${CONSOLE_PATHS.logs}${query(searchFromFilters(next))}`)
        }
        openLogId={logId ?? null}
        onOpenLog={(id) =>
          void navigate(
            `${CONSOLE_PATHS.logs}${id ? `/${encodeURIComponent(id)}` : ''}${query(search)}`,
            { replace: id === null },
          )
        }
      />
    </Page>
  );
}
