import { useState } from 'react';

import { useSessionState } from '@/lib/session-state';
import { toast } from '@/lib/toast';
import { toastUntilClosed } from '@/lib/toast-queue';

import { rememberFhirBooking } from './fhir-bookings';
import type { useRequestHistory } from './request-history';
import { sendTestRequest, type TestRequest, type TestResponse } from './send-test-request';
import { TESTER_STORE } from './use-tester-draft';

export const NO_URL_MESSAGE = 'Please enter a URL';
export const NO_KEY_MESSAGE = 'No API key provided. Some endpoints may require authentication.';
export const FULL_ACCESS_MESSAGE = 'For full API access, please provide a valid API key';

/** Sends the tester's request, keeps the answer (this tab) and adds it to the history. */
export function useTestSender(history: ReturnType<typeof useRequestHistory>) {
  const [sending, setSending] = useState(false);
  const [response, setResponse] = useSessionState<TestResponse | null>(
    `${TESTER_STORE}response`,
    null,
  );

  async function send(request: TestRequest) {
    if (!request.url.trim()) {
      toast.error('Error', { description: NO_URL_MESSAGE });
      return;
    }
    // The info toast below waits for this warning to close, so the warning is read.
    const warningClosed = request.apiKey.trim()
      ? Promise.resolve()
      : toastUntilClosed('warning', 'Warning', { description: NO_KEY_MESSAGE });
    const sayFullAccess = () =>
      void warningClosed.then(() => toast.info('Info', { description: FULL_ACCESS_MESSAGE }));
    setSending(true);
    const started = performance.now();
    try {
      const answer = await sendTestRequest(request);
      setResponse(answer);
      history.add(request, answer);
      rememberFhirBooking(request, answer);
      sayFullAccess();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const time = Math.round(performance.now() - started);
      setResponse({ status: 0, time, data: message, headers: [], size: 0 });
      history.add(request, { status: 0, time });
      sayFullAccess();
      toast.error('Request Failed', { description: message });
    } finally {
      setSending(false);
    }
  }

  return { send, sending, response };
}
