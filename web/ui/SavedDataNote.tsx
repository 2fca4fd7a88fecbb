// Offline, a page showing the data this device saved says so, and from when: it may be out of date.
// Online it shows nothing (the page refreshes its data itself), so its text and the offline messages
// load only when it is shown (offline, from the service worker's copy).
import { Suspense } from 'react';
import { useOnline } from '../lib/use-online';
import { lazyNamed } from './LazyDialog';

const SavedDataNoteText = lazyNamed(() => import('./SavedDataNoteText'), 'SavedDataNoteText');

/** `fetchedAt`: when the data was fetched (a query's dataUpdatedAt, in ms); 0 = never. `text`: the note (default: fr.offline.snapshot). */
export type SavedDataNoteProps = { fetchedAt: number; text?: (when: string) => string; className?: string };

export function SavedDataNote(props: SavedDataNoteProps) {
  const online = useOnline();
  if (online || !props.fetchedAt) return null;
  return (
    <Suspense fallback={null}>
      <SavedDataNoteText {...props} />
    </Suspense>
  );
}
