import { ShoppingBasket } from 'lucide-react';
import { fr } from '#contract/messages';

/** `wordmarkClass` hides the name where room is short (the nav bar between 1024 and 1279 px). */
export function Logo({ tagline = false, inverted = false, wordmarkClass = '' }: { tagline?: boolean; inverted?: boolean; wordmarkClass?: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span className="flex size-9 items-center justify-center rounded-xl bg-brand-700 text-sun-400 shadow-sm">
        <ShoppingBasket size={20} aria-hidden="true" />
      </span>
      <span className={`leading-tight ${wordmarkClass}`}>
        <span className={`block text-lg font-extrabold tracking-tight ${inverted ? 'text-white' : 'text-slate-900'}`}>{fr.brand.name}</span>
        {tagline && <span className={`block text-xs ${inverted ? 'text-brand-100' : 'text-slate-500'}`}>{fr.brand.tagline}</span>}
      </span>
    </span>
  );
}
