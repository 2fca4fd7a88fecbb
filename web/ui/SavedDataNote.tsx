// Offline, a page showing the data this device saved says so, and from when: it may be out of date.
// Online it shows nothing (the page refreshes its data itself).
import { History } from 'lucide-react';
import { formatDateTime } from '#contract/format';
import { fr } from '#contract/messages';
import { useOnline } from '../lib/use-online';

/** `fetchedAt`: when the data was fetched (a query's dataUpdatedAt, in ms); 0 = never. */
export function SavedDataNote({ fetchedAt, text = fr.offline.snapshot, className = '' }: { fetchedAt: number; text?: (when: string) => string; className?: string }) {
  const online = useOnline();
  if (online || !fetchedAt) return null;
  return (
    <p role="status" className={`flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ${className}`} data-testid="saved-data-note">
      <History size={16} aria-hidden="true" className="mt-0.5 shrink-0" />
      {text(formatDateTime(new Date(fetchedAt)))}
    </p>
  );
}
