// What a change does to a product, field by field: before → after (and, for a suggestion, the value
// now when the product changed since it was proposed).
import { ArrowRight } from 'lucide-react';
import { fr } from '#contract/messages';
import { PRODUCT_FIELDS, type ProductChanges, type ProductField, type ProductSnapshot } from '#contract/moderation';
import { ProductFieldValue } from './ProductFieldValue';

const texts = fr.adminUi;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function ProductChangesList({ changes, current }: { changes: ProductChanges; current?: ProductSnapshot }) {
  const fields = PRODUCT_FIELDS.filter((field) => changes[field]);
  return (
    <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label={texts.changesLabel}>
      {fields.map((field: ProductField) => {
        const change = changes[field]!;
        const drifted = current !== undefined && !same(current[field], change.before);
        return (
          <div key={field} className="grid gap-1.5 p-3 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-3">
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500 sm:pt-0.5">{texts.fields[field]}</dt>
            <dd className="min-w-0 space-y-1.5 text-sm">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="rounded-md bg-rose-50 px-1.5 py-0.5 text-rose-900 line-through decoration-rose-300">
                  <span className="sr-only">{texts.before} : </span>
                  <ProductFieldValue field={field} value={change.before} />
                </span>
                <ArrowRight size={14} className="shrink-0 text-slate-400" aria-hidden="true" />
                <span className="rounded-md bg-brand-50 px-1.5 py-0.5 font-medium text-brand-900">
                  <span className="sr-only">{texts.after} : </span>
                  <ProductFieldValue field={field} value={change.after} />
                </span>
              </div>
              {drifted && current && (
                <p className="text-xs text-amber-800">
                  <span className="font-semibold">{texts.currentValue} : </span>
                  <ProductFieldValue field={field} value={current[field]} />
                </p>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
