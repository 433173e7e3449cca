import { isApiError } from '@/lib/api-client';
import { UNEXPECTED_ERROR_MESSAGE } from '@/lib/query-client';

export const CREATE_FAILED_MESSAGE = 'Failed to create API key. Please try again.';
export const UNEXPECTED_KEY_FORMAT_MESSAGE =
  'API key was created but the key format was unexpected.';
export const KEY_FORMAT_UNEXPECTED_TEXT = 'Key created but format unexpected';

/** The gateway answered with an error → the spec's create failure; no answer at all → unexpected. */
export function createErrorMessage(error: unknown): string {
  return isApiError(error) ? CREATE_FAILED_MESSAGE : UNEXPECTED_ERROR_MESSAGE;
}
