import { useState } from 'react';

import { useSessionState } from '@/lib/session-state';

import { rowsForUrl, urlWithRows } from './query-rows';
import { isSecretHeader, type HeaderRow, type KeyValueRow } from './send-test-request';

/** Where the tester keeps its draft in sessionStorage. */
export const TESTER_STORE = 'ehrgw.tester.';

/** A whole request put into the editor: a preset, a documented example, a replayed one. */
export interface LoadedRequest {
  method: string;
  /** Query included. */
  url: string;
  headerRows?: HeaderRow[];
  body?: string;
  /** The preset it came from, shown as chosen. */
  presetId?: string;
}

/**
 * The request being edited. It outlives a switch to the docs and a reload (this tab only). The
 * URL holds the query; the parameter rows are kept in step with it (see query-rows.ts).
 */
export function useTesterDraft({
  initialUrl,
  rememberSecrets,
}: {
  initialUrl: () => string;
  /** Whether a secret header (X-Vapi-Secret) may be stored, as the API key is. */
  rememberSecrets: boolean;
}) {
  const [presetId, setPresetId] = useSessionState<string | null>(`${TESTER_STORE}preset`, null);
  const [method, setMethod] = useSessionState<string>(`${TESTER_STORE}method`, 'GET');
  const [url, setUrl] = useSessionState(`${TESTER_STORE}url`, initialUrl);
  const [queryRows, setQueryRows] = useState<KeyValueRow[]>(() => rowsForUrl(url));
  const [headerRows, setHeaderRows] = useSessionState<HeaderRow[]>(`${TESTER_STORE}headers`, [], {
    keep: (rows) =>
      rememberSecrets || !rows.some((row) => isSecretHeader(row.name) && row.value !== ''),
  });
  const [body, setBody] = useSessionState(`${TESTER_STORE}body`, '{}');

  return {
    presetId,
    method,
    setMethod,
    url,
    /** The user typed a URL: the parameters become its query's, and no preset is chosen now. */
    changeUrl(next: string) {
      setPresetId(null);
      setUrl(next);
      setQueryRows((rows) => rowsForUrl(next, rows));
    },
    queryRows,
    /** The user edited the parameters: the URL's query is written from them. */
    changeQueryRows(next: KeyValueRow[]) {
      setQueryRows(next);
      setUrl((current) => urlWithRows(current, next));
    },
    headerRows,
    setHeaderRows,
    body,
    setBody,
    /** Replaces the whole draft. */
    load(request: LoadedRequest) {
      setPresetId(request.presetId ?? null);
      setMethod(request.method);
      setUrl(request.url);
      setQueryRows(rowsForUrl(request.url));
      setHeaderRows(request.headerRows ?? []);
      setBody(request.body ?? '{}');
    },
  };
}

export type TesterDraft = ReturnType<typeof useTesterDraft>;
