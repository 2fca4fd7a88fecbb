// For the parts of a screen that may come a moment after it: false on the first render, true once
// the browser is idle after it (at most 2 s later).
import { useEffect, useState } from 'react';
import { whenIdle } from '../lib/when-idle';

export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), 2000), []);
  return idle;
}
