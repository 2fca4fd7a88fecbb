// The review of a read price list, like a receipt's: each row with what was read, the catalogue
// product (changeable among the candidates, by the catalogue search, or « Pas dans le catalogue »)
// and the price, editable. Uncertain matches are in amber. « Publier N prix » sends the kept rows.
import { AlertTriangle, CheckCircle2, RefreshCw, Send, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { PriceList, PriceListPublish } from '#contract/merchants';
import { fr } from '#contract/messages';
import { searchCatalogue } from '../../lib/catalogue-search';
import { Button } from '../../ui/Button';
import { ProductChoicePicker } from '../../ui/ProductChoicePicker';
import { isPublished, needsCheck, priceOf, toPublish, toReviewLines, type ReviewLine } from './price-list-review';

const t = fr.merchantsUi;

type PriceListReviewProps = { list: PriceList; busy: boolean; onPublish: (body: PriceListPublish) => void };

export function PriceListReview({ list, busy, onPublish }: PriceListReviewProps) {
  const [lines, setLines] = useState<ReviewLine[]>(() => toReviewLines(list));
  const [open, setOpen] = useState<number | null>(null);
  const update = (index: number, patch: Partial<ReviewLine>) => setLines((all) => all.map((l) => (l.index === index ? { ...l, ...patch } : l)));
  const count = lines.filter(isPublished).length;
  const toVerify = lines.filter(needsCheck).length;

  return (
    <div className="space-y-3">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t.reviewTitle}</h2>
        <p className="mt-1 text-sm text-slate-600">{t.reviewHint}</p>
        <p className="mt-2 flex flex-wrap gap-x-3 text-sm font-medium">
          <span className="text-brand-800">{t.linesTitle(lines.length)}</span>
          {toVerify > 0 && (
            <span className="inline-flex items-center gap-1 text-amber-800">
              <AlertTriangle size={15} aria-hidden="true" /> {t.toVerify(toVerify)}
            </span>
          )}
        </p>
      </div>
      <ul className="space-y-2" aria-label={t.reviewTitle}>
        {lines.map((line) => (
          <ReviewRow
            key={line.index}
            line={line}
            open={open === line.index}
            onToggle={() => setOpen(open === line.index ? null : line.index)}
            onChange={(patch) => update(line.index, patch)}
          />
        ))}
      </ul>
      <div className="sticky bottom-0 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
        <Button block onClick={() => onPublish(toPublish(lines))} disabled={count === 0} busy={busy} icon={<Send size={16} aria-hidden="true" />}>
          {t.publish(count)}
        </Button>
      </div>
    </div>
  );
}

function ReviewRow({ line, open, onToggle, onChange }: { line: ReviewLine; open: boolean; onToggle: () => void; onChange: (patch: Partial<ReviewLine>) => void }) {
  const id = useId();
  const amber = needsCheck(line);
  const priceBad = !line.excluded && priceOf(line) === null;
  const frame = line.excluded ? 'border-slate-200 bg-slate-50 opacity-75' : amber ? 'border-amber-400 bg-amber-50/70 ring-1 ring-amber-300' : line.changed ? 'border-brand-200 bg-brand-50/40' : 'border-slate-200 bg-white';
  const details = [line.barcode && line.read !== line.barcode ? t.barcode(line.barcode) : null, line.unit ? t.unit(line.unit) : null].filter(Boolean).join(' · ');
  return (
    <li className={`rounded-xl border p-3 ${frame}`} data-testid="price-list-line" data-confidence={line.confidence}>
      <p className="text-xs break-words text-slate-500">
        {t.read} : « {line.read} »{details && <> · {details}</>}
      </p>
      <div className="mt-1.5 flex items-start gap-3">
        <div className="min-w-0 flex-1">
          {line.excluded ? (
            <p className="text-sm text-slate-600">{t.excluded}</p>
          ) : line.product ? (
            <p className="font-medium break-words text-slate-900">{line.product.name}</p>
          ) : (
            <p className="text-sm font-medium text-amber-900">{t.noProduct}</p>
          )}
          {!line.excluded && amber && line.product && (
            <p className="mt-0.5 inline-flex items-center gap-1 text-xs font-semibold text-amber-900">
              <AlertTriangle size={13} aria-hidden="true" /> {t.lowConfidence}
            </p>
          )}
          {line.changed && !line.excluded && (
            <p className="mt-0.5 inline-flex items-center gap-1 text-xs font-medium text-brand-800">
              <CheckCircle2 size={13} aria-hidden="true" /> {t.changed}
            </p>
          )}
        </div>
        <label className="w-28 shrink-0">
          <span className="sr-only">{t.priceFor(line.product?.name ?? line.read)}</span>
          <span className="relative block">
            <input
              value={line.price}
              inputMode="numeric"
              disabled={line.excluded}
              onChange={(e) => onChange({ price: e.target.value })}
              aria-invalid={priceBad || undefined}
              className={`block h-10 w-full rounded-lg border bg-white pr-12 pl-2 text-right text-base font-semibold text-slate-900 tabular-nums focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none disabled:bg-slate-100 ${priceBad ? 'border-rose-500' : 'border-slate-300'}`}
            />
            <span className="pointer-events-none absolute inset-y-0 right-2 flex items-center text-xs text-slate-500">FCFA</span>
          </span>
        </label>
      </div>
      {priceBad && <p className="mt-1 text-xs text-rose-600">{fr.merchants.priceInvalid}</p>}
      <div className="mt-2 flex justify-end">
        {line.excluded ? (
          <Button variant="outline" size="sm" icon={<Undo2 size={14} aria-hidden="true" />} onClick={() => onChange({ excluded: false })}>
            {t.putBack}
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={onToggle} aria-expanded={open} aria-controls={`${id}-change`} aria-label={t.changeProductFor(line.read)} icon={<RefreshCw size={14} aria-hidden="true" />}>
            {t.changeProduct}
          </Button>
        )}
      </div>
      {open && !line.excluded && (
        <ProductChoicePicker
          id={`${id}-change`}
          label={t.changeTitle(line.read)}
          choices={line.choices}
          currentId={line.product?.id ?? null}
          search={searchCatalogue}
          texts={{ candidates: t.candidates, notInCatalogue: t.notInCatalogue, close: t.closeChange }}
          onPick={(product) => {
            onChange({ product, changed: true });
            onToggle();
          }}
          onExclude={() => {
            onChange({ excluded: true });
            onToggle();
          }}
          onClose={onToggle}
        />
      )}
    </li>
  );
}
