import { isApiError } from '@/lib/api-client';
import { UNEXPECTED_ERROR_MESSAGE } from '@/lib/query-client';

/** The gateway's own words for a refusal (they name the field); a generic line otherwise. */
export function webhookErrorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) {
    return UNEXPECTED_ERROR_MESSAGE;
  }
  return error.body?.message ?? fallback;
}
