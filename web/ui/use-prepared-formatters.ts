// For a page of amounts and dates: its fr-FR formatters are built just after it mounts, while it
// waits for its data (contract/format.ts prepareFormatters), so that the data's render does not
// also load the locale's data (~20 ms on a desktop, 4× that on a cheap phone).
import { useEffect } from 'react';
import { prepareFormatters } from '#contract/format';

export function usePreparedFormatters(): void {
  useEffect(() => {
    const timer = setTimeout(prepareFormatters);
    return () => clearTimeout(timer);
  }, []);
}
