// The bell of the nav bar. Its count and panel come with the notifications feature; until then it
// is a plain, labelled button so the bar keeps its final layout.
import { Bell } from 'lucide-react';
import { fr } from '#contract/messages';

export function NotificationBell() {
  return (
    <button type="button" className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900" aria-label={fr.nav.notifications}>
      <Bell size={22} />
    </button>
  );
}
