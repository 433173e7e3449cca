import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

/**
 * Toasts without sonner on the first page: the library (and its Toaster) is fetched when the
 * first toast is shown, not with the console's entry. Every toast goes through here; a toast
 * waits until a ToasterHost has mounted sonner's Toaster, so none is published unseen.
 */

type Sonner = typeof SonnerModule;
export type ToastOptions = ExternalToast;

let requested = false;
const requestListeners = new Set<() => void>();
let mountedToasters = 0;
let waitingForToaster: Array<() => void> = [];
let loaded: Sonner | null = null;

/** For ToasterHost: whether a toast has asked for the Toaster yet. */
export const toasterRequests = {
  subscribe(listener: () => void) {
    requestListeners.add(listener);
    return () => requestListeners.delete(listener);
  },
  requested: () => requested,
};

/** For ToasterHost: called once sonner's Toaster listens; the returned function on unmount. */
export function toasterMounted(module: Sonner): () => void {
  loaded = module;
  mountedToasters += 1;
  const waiting = waitingForToaster;
  waitingForToaster = [];
  waiting.forEach((resume) => resume());
  return () => {
    mountedToasters -= 1;
  };
}

async function mountedSonner(): Promise<Sonner> {
  if (!requested) {
    requested = true;
    requestListeners.forEach((listener) => listener());
  }
  if (mountedToasters === 0 || !loaded) {
    await new Promise<void>((resume) => waitingForToaster.push(resume));
  }
  return loaded!;
}

type Kind = 'success' | 'error' | 'info' | 'warning';

const show =
  (kind: Kind) =>
  (title: string, options?: ToastOptions): void => {
    void mountedSonner().then(({ toast: sonnerToast }) => sonnerToast[kind](title, options));
  };

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  /** Closes every toast (or one by id); nothing to close before sonner has loaded. */
  dismiss(id?: string | number) {
    loaded?.toast.dismiss(id);
  },
};
