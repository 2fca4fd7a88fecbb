// Work that can wait, so that a cheap phone's main thread stays free for the page.
const NO_IDLE_CALLBACK_DELAY_MS = 200;

/**
 * Runs a callback once the browser is idle, at most `timeoutMs` later; where the browser cannot tell
 * (Safari has no requestIdleCallback), a moment later. Returns what cancels it.
 */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, NO_IDLE_CALLBACK_DELAY_MS);
  return () => clearTimeout(id);
}

/** Resolves in a later task: the browser can paint and answer a tap before what follows. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
