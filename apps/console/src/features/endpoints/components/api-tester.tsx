import { useEffect, useId } from 'react';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSessionState } from '@/lib/session-state';
import { toast } from '@/lib/toast';

import type { TryRequest } from '../lib/doc-tabs';
import {
  patientsPath,
  presetsFor,
  type Category,
  type Preset,
  type PresetSource,
} from '../lib/presets';
import { urlWithQuery } from '../lib/query-rows';
import { useRequestHistory, type HistoryEntry } from '../lib/request-history';
import { useTestSender } from '../lib/use-test-sender';
import { TESTER_STORE, useTesterDraft, type LoadedRequest } from '../lib/use-tester-draft';
import { PresetPicker } from './preset-picker';
import { RequestActions } from './request-actions';
import { RequestEditor } from './request-editor';
import { RequestHistoryCard } from './request-history-card';
import { ResponseViewer } from './response-viewer';

export interface ApiTesterProps {
  apiRoot: string;
  practiceId: string;
  origin?: string;
  /**
   * The EHR the default request asks: the Mock EHR where athena is not configured, so the first
   * Send answers instead of a 503; athena (the spec's default, no parameter) otherwise.
   */
  defaultSource?: 'athena' | 'mock';
  /** athena's practice, for presets that ask athena; null when athena is not configured. */
  athenaPracticeId?: string | null;
  /** The FHIR EHR's practice, for presets that ask it (source=fhir); null when not configured. */
  fhirPracticeId?: string | null;
  /** A documented operation's example ("Try in tester"), loaded into the editor once. */
  prefill?: TryRequest | null;
  onPrefillApplied?: () => void;
}

/** A preset as a request for the editor; `prepare` makes what must differ each time it is chosen. */
function presetRequest(preset: Preset, origin: string): LoadedRequest {
  const prepared = preset.prepare?.() ?? {};
  const body = prepared.body ?? preset.body;
  if (prepared.notice) {
    toast.info(preset.name, { description: prepared.notice });
  }
  return {
    presetId: preset.id,
    method: preset.method,
    url: urlWithQuery(`${origin}${prepared.path ?? preset.path}`, Object.entries(preset.params)),
    headerRows: Object.entries(prepared.headers ?? {}).map(([name, value], id) => ({
      id,
      name,
      value,
    })),
    body: body === undefined ? '{}' : JSON.stringify(body, null, 2),
  };
}

/** Sends gateway requests with an API key: presets, an editor, the answer and a history. */
export function ApiTester({
  apiRoot,
  practiceId,
  origin = window.location.origin,
  defaultSource = 'athena',
  athenaPracticeId = null,
  fhirPracticeId = null,
  prefill = null,
  onPrefillApplied,
}: ApiTesterProps) {
  const id = useId();
  const [category, setCategory] = useSessionState<Category>(`${TESTER_STORE}category`, 'Standard');
  const [source, setSource] = useSessionState<PresetSource>(
    `${TESTER_STORE}preset-source`,
    defaultSource,
  );
  // The key is kept only when the user asks: sessionStorage is readable by any script on the page.
  const [rememberKey, setRememberKey] = useSessionState(`${TESTER_STORE}remember-key`, false);
  const [apiKey, setApiKey] = useSessionState(`${TESTER_STORE}api-key`, '', { keep: rememberKey });
  const draft = useTesterDraft({
    initialUrl: () =>
      urlWithQuery(
        `${origin}${patientsPath({ apiRoot, practiceId })}`,
        defaultSource === 'mock' ? [['source', 'mock']] : [],
      ),
    rememberSecrets: rememberKey,
  });
  const history = useRequestHistory();
  const sender = useTestSender(history);
  const request = {
    method: draft.method,
    url: draft.url,
    headerRows: draft.headerRows,
    body: draft.body,
    apiKey,
  };

  // An operation opened from the documentation replaces the draft, as a preset would.
  useEffect(() => {
    if (prefill) {
      draft.load({ ...prefill, url: urlWithQuery(prefill.url, prefill.query) });
      onPrefillApplied?.();
    }
    // Applied once per prefill.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefill]);

  /** Loads a sent request back into the editor; what only its tab kept may be gone. */
  function replay(entry: HistoryEntry) {
    const detail = history.detailOf(entry.id);
    draft.load({ method: entry.method, url: entry.url, ...detail });
    if (!detail) {
      toast.info('Replayed without its details', {
        description:
          'Its query, headers and body were kept only in the tab that sent it: fill them in again.',
      });
    }
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  return (
    <div className="space-y-6">
      <Card aria-labelledby={`${id}-title`}>
        <CardHeader>
          <CardTitle id={`${id}-title`}>API Tester</CardTitle>
          <CardDescription>
            Send requests to the gateway with an API key and inspect the answers.
          </CardDescription>
        </CardHeader>
        <CardContent
          className="space-y-6"
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey) && !sender.sending) {
              event.preventDefault();
              void sender.send(request);
            }
          }}
        >
          <PresetPicker
            category={category}
            onCategoryChange={setCategory}
            source={source}
            onSourceChange={setSource}
            presets={presetsFor(category, {
              apiRoot,
              practiceId,
              source,
              athenaPracticeId,
              fhirPracticeId,
            })}
            chosenId={draft.presetId}
            onChoose={(preset) => draft.load(presetRequest(preset, origin))}
          />
          <RequestEditor
            draft={draft}
            keyState={{ apiKey, setApiKey, rememberKey, setRememberKey }}
          />
          <RequestActions
            request={request}
            sending={sender.sending}
            onSend={() => void sender.send(request)}
          />
        </CardContent>
      </Card>
      {sender.response && <ResponseViewer response={sender.response} />}
      <RequestHistoryCard
        entries={history.entries}
        onReplay={replay}
        onDelete={(entry) => history.remove(entry.id)}
        onClear={history.clear}
      />
    </div>
  );
}
