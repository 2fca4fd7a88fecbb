// A numbered progress header ("Étape 2 sur 3"): done steps can be clicked to go back.
import { Check } from 'lucide-react';

type StepsProps = { labels: readonly string[]; current: number; onBack?: (step: number) => void; label: string };

export function Steps({ labels, current, onBack, label }: StepsProps) {
  return (
    <nav aria-label={label}>
      <ol className="flex items-center gap-2">
        {labels.map((text, index) => {
          const step = index + 1;
          const done = step < current;
          const active = step === current;
          const bubble = (
            <span
              className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                done ? 'bg-brand-700 text-white' : active ? 'bg-brand-100 text-brand-800 ring-2 ring-brand-700' : 'bg-slate-100 text-slate-500'
              }`}
            >
              {done ? <Check size={16} aria-hidden="true" /> : step}
            </span>
          );
          return (
            <li key={text} className={`flex min-w-0 items-center gap-2 ${index < labels.length - 1 ? 'flex-1' : ''}`} aria-current={active ? 'step' : undefined}>
              {done && onBack ? (
                <button type="button" onClick={() => onBack(step)} className="flex min-w-0 items-center gap-2 rounded-lg text-left" aria-label={text}>
                  {bubble}
                  <span className="hidden truncate text-sm font-medium text-brand-800 sm:inline">{text}</span>
                </button>
              ) : (
                <span className="flex min-w-0 items-center gap-2">
                  {bubble}
                  <span className={`truncate text-sm font-medium ${active ? 'text-slate-900' : 'hidden text-slate-500 sm:inline'}`}>{text}</span>
                </span>
              )}
              {index < labels.length - 1 && <span className="h-px min-w-4 flex-1 bg-slate-200" aria-hidden="true" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
