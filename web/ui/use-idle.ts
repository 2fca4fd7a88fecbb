// For the parts of a screen that may come a moment after it: false on the first render, true once
// the browser is idle after it (at most 2 s later).
import { useEffect, useState } from 'react';

export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(id);
  }, []);
  return idle;
}
