// Why an action that needs the server (optimise, book, pay) is disabled while the device is
// offline. Give the disabled control aria-describedby={id}.
import { WifiOff } from 'lucide-react';
import { fr } from '#contract/messages';

export function OfflineNote({ id, className = '' }: { id?: string; className?: string }) {
  return (
    <p id={id} className={`flex items-start gap-1.5 text-xs text-amber-800 ${className}`}>
      <WifiOff size={14} className="mt-0.5 shrink-0" aria-hidden="true" />
      {fr.offline.needsConnection}
    </p>
  );
}
