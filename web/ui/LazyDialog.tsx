// Dialogs loaded on demand: a page ships a dialog's code (and its forms, zod schemas, camera code)
// only when the user first opens it.
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** A component of a module loaded on first render, e.g. lazyNamed(() => import('./Dialog'), 'Dialog'). */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<M[K] extends ComponentType<infer P> ? P : never> }));
}

/** Mounts its dialog from the first time `open` is true, then keeps it mounted (closing works as before). */
export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
