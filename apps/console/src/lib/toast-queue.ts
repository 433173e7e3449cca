import { toast, type ToastOptions } from '@/lib/toast';

/** How long a toast stays up unless dismissed (the Toaster's default). */
export const TOAST_DURATION_MS = 5000;

type Kind = 'info' | 'warning' | 'success';

/**
 * Shows a toast and resolves when it has closed (timed out or dismissed). The console shows one
 * toast at a time, so a toast said right after another replaces it unread: chain the second on
 * this promise to show it once the first is gone.
 */
export function toastUntilClosed(
  kind: Kind,
  title: string,
  options: ToastOptions = {},
): Promise<void> {
  return new Promise<void>((closed) => {
    // Should the toast vanish without either callback (its Toaster unmounted), move on anyway.
    setTimeout(closed, (options.duration ?? TOAST_DURATION_MS) + 1_000);
    toast[kind](title, {
      ...options,
      onDismiss: (shown) => {
        options.onDismiss?.(shown);
        closed();
      },
      onAutoClose: (shown) => {
        options.onAutoClose?.(shown);
        closed();
      },
    });
  });
}
