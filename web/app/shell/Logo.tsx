import { ShoppingBasket } from 'lucide-react';
import { fr } from '#contract/messages';

export function Logo({ tagline = false, inverted = false }: { tagline?: boolean; inverted?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span className="flex size-9 items-center justify-center rounded-xl bg-brand-700 text-sun-400 shadow-sm">
        <ShoppingBasket size={20} aria-hidden="true" />
      </span>
      <span className="leading-tight">
        <span className={`block text-lg font-extrabold tracking-tight ${inverted ? 'text-white' : 'text-slate-900'}`}>{fr.brand.name}</span>
        {tagline && <span className={`block text-xs ${inverted ? 'text-brand-100' : 'text-slate-500'}`}>{fr.brand.tagline}</span>}
      </span>
    </span>
  );
}
