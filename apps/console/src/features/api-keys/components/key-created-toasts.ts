import { toast, type ToastOptions } from '@/lib/toast';

import type { CreatedApiKey } from '../api/create-api-key';
import { createErrorMessage, UNEXPECTED_KEY_FORMAT_MESSAGE } from './create-error-message';

/**
 * What both create forms (the Dashboard card and the API Keys page's dialog) do with the answer:
 * keep the new key (`created`), then tell the admin. A key in a shape the console does not expect
 * is still a created key, so it is kept and only warned about; the success toast is each form's own.
 */
export function keyCreatedCallbacks(
  created: (result: CreatedApiKey) => void,
  successToast: (result: CreatedApiKey & { key: string }) => ToastOptions,
) {
  return {
    onSuccess: (result: CreatedApiKey) => {
      created(result);
      if (result.key === null) {
        toast.warning('Warning', { description: UNEXPECTED_KEY_FORMAT_MESSAGE });
      } else {
        toast.success('API Key Created', successToast({ ...result, key: result.key }));
      }
    },
    onError: (error: unknown) => {
      toast.error('Error', { description: createErrorMessage(error) });
    },
  };
}
