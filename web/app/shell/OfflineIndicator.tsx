// The shell's connection pill: "Hors connexion" and how many changes wait to be sent; while they are
// sent, how many; once sent after a loss of connection, that they were (for a few seconds). Nothing
// when online with nothing waiting. It sits above the ad button on phones and at the bottom left on
// wider screens, under dialogs.
import { CheckCircle2, CloudUpload, WifiOff } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { fr } from '#contract/messages';
import { useOutbox } from '../../lib/offline/outbox-store';
import { useOnline } from '../../lib/use-online';

const SENT_SHOWN_MS = 8000;

type Tone = 'offline' | 'busy' | 'done';
const TONES: Record<Tone, string> = {
  offline: 'bg-slate-900 text-white',
  busy: 'bg-sky-700 text-white',
  done: 'bg-brand-700 text-white',
};

function useRecent(at: number | undefined): boolean {
  const [recent, setRecent] = useState(false);
  useEffect(() => {
    if (at === undefined) return;
    const left = at + SENT_SHOWN_MS - Date.now();
    setRecent(left > 0);
    if (left <= 0) return;
    const timer = setTimeout(() => setRecent(false), left);
    return () => clearTimeout(timer);
  }, [at]);
  return recent;
}

export function OfflineIndicator() {
  const online = useOnline();
  const { entries, phase, lastSent } = useOutbox();
  const recentlySent = useRecent(lastSent?.at);
  const waiting = entries.length;

  let content: { tone: Tone; icon: ReactNode; text: string } | null = null;
  if (!online) {
    content = { tone: 'offline', icon: <WifiOff size={14} aria-hidden="true" />, text: waiting ? `${fr.offline.offline} · ${fr.offline.waiting(waiting)}` : fr.offline.offline };
  } else if (waiting) {
    content = { tone: 'busy', icon: <CloudUpload size={14} aria-hidden="true" />, text: phase === 'sending' ? fr.offline.sending(waiting) : fr.offline.retrying(waiting) };
  } else if (recentlySent && lastSent) {
    content = { tone: 'done', icon: <CheckCircle2 size={14} aria-hidden="true" />, text: fr.offline.sent(lastSent.count) };
  }

  // The live region stays mounted so that screen readers hear each change.
  return (
    <div role="status" aria-live="polite" aria-label={fr.offline.indicatorLabel} className="pointer-events-none fixed inset-x-4 bottom-20 z-40 flex justify-center sm:inset-x-auto sm:bottom-6 sm:left-6" data-testid="offline-indicator">
      {content && (
        <p className={`inline-flex max-w-full items-center gap-1.5 rounded-full px-3 py-1.5 text-xs font-semibold shadow-lg sm:text-sm ${TONES[content.tone]}`}>
          <span className="shrink-0">{content.icon}</span>
          <span className="min-w-0">{content.text}</span>
        </p>
      )}
    </div>
  );
}
