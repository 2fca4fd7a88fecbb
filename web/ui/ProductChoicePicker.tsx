// Changing the product of a line that was read (a till receipt's, a store's price list): the products
// it may be (the one matched first, the next best), the list builder's catalogue search, or « Pas dans
// le catalogue », which leaves the line out. The caller gives the texts and the search.
import { Ban } from 'lucide-react';
import type { ProductSuggestion } from '#contract/lists';
import { Button } from './Button';
import { ProductSearchCombobox } from './ProductSearchCombobox';

export type ChoiceProduct = { id: string; name: string };

type ProductChoicePickerProps = {
  id: string;
  /** The group's name (« Produit pour « RIZ 5KG » »). */
  label: string;
  choices: ChoiceProduct[];
  currentId: string | null;
  search: (query: string, signal: AbortSignal) => Promise<ProductSuggestion[]>;
  texts: { candidates: string; notInCatalogue: string; close: string };
  onPick: (product: ChoiceProduct) => void;
  onExclude: () => void;
  onClose: () => void;
};

export function ProductChoicePicker({ id, label, choices, currentId, search, texts, onPick, onExclude, onClose }: ProductChoicePickerProps) {
  const others = choices.filter((c) => c.id !== currentId);
  return (
    <div id={id} role="group" aria-label={label} className="mt-3 space-y-3 rounded-xl bg-slate-50 p-3">
      {others.length > 0 && (
        <div className="space-y-1.5">
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{texts.candidates}</p>
          <ul className="space-y-1.5" aria-label={texts.candidates}>
            {others.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => onPick(c)}
                  className="w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-left text-sm font-medium break-words text-slate-900 hover:border-brand-500 hover:bg-brand-50"
                >
                  {c.name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ProductSearchCombobox search={search} onPick={(p) => onPick({ id: p.id, name: p.name })} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="outline" size="sm" icon={<Ban size={14} aria-hidden="true" />} onClick={onExclude}>
          {texts.notInCatalogue}
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose}>
          {texts.close}
        </Button>
      </div>
    </div>
  );
}
