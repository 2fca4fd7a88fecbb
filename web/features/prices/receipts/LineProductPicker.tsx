// Changing a receipt line's product: the products it may be (the one read first, the next best),
// the catalogue search of the list builder, or « Pas dans le catalogue », which leaves the line out.
import { Ban } from 'lucide-react';
import { useCallback } from 'react';
import type { ProductSuggestion } from '#contract/lists';
import { fr } from '#contract/messages';
import { api } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { ProductSearchCombobox } from '../../../ui/ProductSearchCombobox';
import type { LineProduct, ReviewLine } from './review-lines';

const searchCatalogue = async (search: string, signal: AbortSignal) =>
  (await api.get<{ products: ProductSuggestion[] }>('/shopping-lists/product-search', { query: { search, limit: 12 }, signal })).products;

type LineProductPickerProps = { id: string; line: ReviewLine; onPick: (product: LineProduct) => void; onExclude: () => void; onClose: () => void };

export function LineProductPicker({ id, line, onPick, onExclude, onClose }: LineProductPickerProps) {
  const t = fr.receiptsUi;
  const search = useCallback((q: string, signal: AbortSignal) => searchCatalogue(q, signal), []);
  const choices = line.choices.filter((c) => c.id !== line.product?.id);
  return (
    <div id={id} role="group" aria-label={t.changeTitle(line.read)} className="mt-3 space-y-3 rounded-xl bg-slate-50 p-3">
      {choices.length > 0 && (
        <div className="space-y-1.5">
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t.candidates}</p>
          <ul className="space-y-1.5" aria-label={t.candidates}>
            {choices.map((c) => (
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
          {t.notInCatalogue}
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose}>
          {t.closeChange}
        </Button>
      </div>
    </div>
  );
}
