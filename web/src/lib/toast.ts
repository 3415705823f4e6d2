// Toasts without sonner in the first download: the module loads right after the app mounts
// (AppProvider's lazy Toaster), and a toast raised before that waits for it and the mounted
// Toaster, so none is lost. Same calls as sonner's `toast.success(message, options)`.

type Sonner = typeof import('sonner');
type Options = { id?: string | number; description?: string; duration?: number; action?: { label: string; onClick: () => void } };

let loading: Promise<Sonner> | undefined;
export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner');
  return loading;
}

let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
/** Called by the Toaster once it is on screen. */
export function toasterMounted(): void {
  markMounted();
}

function show(kind: 'success' | 'error' | 'info' | 'warning') {
  return (message: string, options?: Options): void => {
    void Promise.all([loadSonner(), mounted]).then(([sonner]) => sonner.toast[kind](message, options));
  };
}

export const toast = { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };
