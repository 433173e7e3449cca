import { useCallback, useState } from 'react';

import { withoutQuery } from './query-rows';
import { isSecretHeader, type HeaderRow } from './send-test-request';

/** How many requests the tester remembers. */
export const HISTORY_LIMIT = 50;

const LIST_KEY = 'ehrgw.tester.history';
const DETAIL_KEY = 'ehrgw.tester.history-details';

/** What this browser keeps (localStorage): nothing a patient could be named in. */
export interface HistoryEntry {
  id: string;
  at: string;
  method: string;
  /** Origin and path, without the query string (which may carry names or dates of birth). */
  url: string;
  status: number;
  time: number;
}

/** What only this tab keeps (sessionStorage): query, headers and body may hold PHI. */
export interface HistoryDetail {
  /** The URL as typed, query included. */
  url: string;
  headerRows: HeaderRow[];
  body: string;
}

function read<T>(storage: Storage, key: string, fallback: T): T {
  try {
    const text = storage.getItem(key);
    return text === null ? fallback : (JSON.parse(text) as T);
  } catch {
    return fallback;
  }
}

function write(storage: Storage, key: string, value: unknown) {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the history lasts for this page only.
  }
}

/**
 * The tester's history: the last 50 requests in this browser, newest first. Their queries, headers
 * and bodies are kept only in this tab, and secret header values never.
 */
export function useRequestHistory() {
  const [entries, setEntries] = useState<HistoryEntry[]>(() =>
    read<HistoryEntry[]>(localStorage, LIST_KEY, []),
  );
  const [details, setDetails] = useState<Record<string, HistoryDetail>>(() =>
    read<Record<string, HistoryDetail>>(sessionStorage, DETAIL_KEY, {}),
  );

  const save = useCallback(
    (nextEntries: HistoryEntry[], nextDetails: Record<string, HistoryDetail>) => {
      const kept = new Set(nextEntries.map((entry) => entry.id));
      const prunedDetails = Object.fromEntries(
        Object.entries(nextDetails).filter(([id]) => kept.has(id)),
      );
      write(localStorage, LIST_KEY, nextEntries);
      write(sessionStorage, DETAIL_KEY, prunedDetails);
      setEntries(nextEntries);
      setDetails(prunedDetails);
    },
    [],
  );

  return {
    entries,
    detailOf: (id: string): HistoryDetail | undefined => details[id],

    add(
      sent: { method: string; url: string } & HistoryDetail,
      answer: { status: number; time: number },
    ) {
      const id = crypto.randomUUID();
      const entry: HistoryEntry = {
        id,
        at: new Date().toISOString(),
        method: sent.method,
        url: withoutQuery(sent.url.trim()),
        status: answer.status,
        time: answer.time,
      };
      const detail: HistoryDetail = {
        url: sent.url,
        headerRows: sent.headerRows.map((row) =>
          isSecretHeader(row.name) ? { ...row, value: '' } : row,
        ),
        body: sent.body,
      };
      // Read again: another tab may have added entries since this one loaded.
      const current = read<HistoryEntry[]>(localStorage, LIST_KEY, entries);
      save([entry, ...current].slice(0, HISTORY_LIMIT), { ...details, [id]: detail });
    },

    remove(id: string) {
      save(
        entries.filter((entry) => entry.id !== id),
        details,
      );
    },

    clear() {
      save([], {});
    },
  };
}
