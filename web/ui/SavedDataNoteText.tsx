// The note of SavedDataNote.tsx: the page shows data this device saved, from when. Loaded only when
// it is shown (offline), with the offline messages.
import { History } from 'lucide-react';
import { formatDateTime } from '#contract/format';
import { fr } from '#contract/messages';
import type { SavedDataNoteProps } from './SavedDataNote';

export function SavedDataNoteText({ fetchedAt, text = fr.offline.snapshot, className = '' }: SavedDataNoteProps) {
  return (
    <p role="status" className={`flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ${className}`} data-testid="saved-data-note">
      <History size={16} aria-hidden="true" className="mt-0.5 shrink-0" />
      {text(formatDateTime(new Date(fetchedAt)))}
    </p>
  );
}
