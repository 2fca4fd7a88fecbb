// Above the prefilled contribution: what the label gave (product and price, or nothing), a word when
// the reading is uncertain, and the other products the label may name.
import { ScanText } from 'lucide-react';
import { formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import type { PriceTagResult } from '#contract/price-tags';

type PriceTagNoteProps = { result: PriceTagResult; chosenId: string | null; onPick: (candidate: { product_id: string; name: string }) => void };

function summary(result: PriceTagResult): string {
  const t = fr.priceTagUi;
  const price = result.price_xaf === null ? null : formatXaf(result.price_xaf);
  if (result.product_name && price) return t.read(result.product_name, price);
  if (result.product_name) return t.readProductOnly(result.product_name);
  if (price) return t.readPriceOnly(price);
  return t.nothingRead;
}

export function PriceTagNote({ result, chosenId, onPick }: PriceTagNoteProps) {
  const t = fr.priceTagUi;
  const nothing = !result.product_id && result.price_xaf === null;
  const others = result.candidates.filter((c) => c.product_id !== chosenId);
  return (
    <div className={`space-y-2 rounded-xl p-3 text-sm ring-1 ${nothing || result.confidence === 'low' ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-brand-50 text-brand-900 ring-brand-200'}`} role="status" data-testid="price-tag-note">
      <p className="flex items-start gap-2 wrap-anywhere">
        <ScanText size={18} className="mt-0.5 shrink-0" aria-hidden="true" /> {summary(result)}
      </p>
      {!nothing && result.confidence === 'low' && <p className="font-medium">{t.checkIt}</p>}
      {others.length > 0 && (
        <div className="space-y-1.5">
          <p>{t.otherCandidates}</p>
          <ul className="flex flex-wrap gap-2" aria-label={t.otherCandidates}>
            {others.map((c) => (
              <li key={c.product_id} className="min-w-0 max-w-full">
                <button type="button" onClick={() => onPick(c)} className="max-w-full rounded-full border border-slate-300 bg-white px-3 py-1 text-left break-words text-slate-800 hover:border-brand-500">
                  {c.name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
