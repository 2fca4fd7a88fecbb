// Offline, above a product search's results: they are the products this device saved, and only
// those (issue 28, item 8). Loaded only when shown, as SavedDataNoteText is, with the offline messages.
import { WifiOff } from 'lucide-react';
import { fr } from '#contract/messages';

export function SavedResultsNote({ className = '' }: { className?: string }) {
  return (
    <p className={`flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ${className}`} role="status" data-testid="saved-results-note">
      <WifiOff size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
      {fr.offline.savedResultsOnly}
    </p>
  );
}
