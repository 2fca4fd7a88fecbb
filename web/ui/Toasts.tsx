// Toasts (sonner), loaded with the first toast: the library is no part of any first screen.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToasterProps } from 'sonner';

const loadSonner = () => import('sonner');
const Toaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

export type Toast = Awaited<ReturnType<typeof loadSonner>>['toast'];

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Shows a toast once sonner is loaded; the toaster mounts with the first one (sonner replays toasts made before it listens). */
export function showToast(show: (toast: Toast) => void): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void loadSonner().then(({ toast }) => show(toast));
}

/** Sonner's Toaster, mounted when the first toast is shown. */
export function LazyToaster(props: ToasterProps) {
  const mounted = useSyncExternalStore(subscribe, () => wanted);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
