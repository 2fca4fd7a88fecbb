// A paged queue whose last items went away (decided by a moderator, or moved since the link was
// made) is left on a page past its end: step back to the new last page.
import { useEffect } from 'react';

export function useStepBackPastLastPage(data: { items: readonly unknown[]; pages: number } | undefined, page: number, goTo: (page: number) => void): void {
  useEffect(() => {
    if (data && data.items.length === 0 && page > 1 && page > data.pages) goTo(Math.max(1, data.pages));
  }, [data, page]);
}
