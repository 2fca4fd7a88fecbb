// The columns of an uploaded price list: for Nom, Code-barres, Prix and Unité, a select listing the
// file's header columns, prefilled with the server's guess. Each change is sent at once and the file
// is read again with it; the first lines read show what the mapping gives.
import { useMutation } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { formatXaf } from '#contract/format';
import { PriceListMappingSchema, type PriceList, type PriceListMapping } from '#contract/merchants';
import { fr } from '#contract/messages';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { remapPriceList } from './merchants-api';

const t = fr.merchantsUi;
const FIELDS = ['name', 'barcode', 'price', 'unit'] as const;
type Field = (typeof FIELDS)[number];
type Draft = Record<Field, number | null>;
const PREVIEW = 3;

type ColumnMappingProps = { list: PriceList; onList: (list: PriceList) => void; onNext: () => void };

export function ColumnMapping({ list, onList, onNext }: ColumnMappingProps) {
  const [draft, setDraft] = useState<Draft>(list.mapping);
  const [error, setError] = useState<string | null>(null);
  const remap = useMutation({
    mutationFn: (mapping: PriceListMapping) => remapPriceList(list.price_list_id, mapping),
    onSuccess: (next) => {
      onList(next);
      setDraft(next.mapping);
    },
    onError: (e) => setError(errorMessage(e, t.mappingError)),
  });

  const change = (field: Field, value: string) => {
    const next = { ...draft, [field]: value === '' ? null : Number(value) };
    setDraft(next);
    const parsed = PriceListMappingSchema.safeParse(next);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? fr.common.invalidValue);
    setError(null);
    remap.mutate(parsed.data);
  };
  const valid = !error && PriceListMappingSchema.safeParse(draft).success;

  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t.columnsTitle}</h2>
        <p className="mt-1 text-sm break-words text-slate-600">{t.columnsHint(list.file_name)}</p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        {FIELDS.map((field) => (
          <SelectField key={field} label={t.columns[field]} value={draft[field] ?? ''} onChange={(e) => change(field, e.target.value)} disabled={remap.isPending}>
            {field !== 'price' || draft.price === null ? <option value="">{t.noColumn}</option> : null}
            {list.columns.map((column, index) => (
              <option key={index} value={index}>
                {column || `#${index + 1}`}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      {error && (
        <p className="text-sm text-rose-600" role="alert">
          {error}
        </p>
      )}
      <div className="rounded-xl border border-slate-200 bg-slate-50 p-3" aria-live="polite">
        {remap.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner size={16} /> {t.rereading}
          </p>
        ) : (
          <>
            <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t.linesTitle(list.lines.length)}</p>
            <ul className="mt-1 divide-y divide-slate-200 text-sm" data-testid="mapping-preview">
              {list.lines.slice(0, PREVIEW).map((line) => (
                <li key={line.index} className="flex justify-between gap-3 py-1.5">
                  <span className="min-w-0 truncate text-slate-800">{line.name ?? line.barcode ?? '—'}</span>
                  <span className="shrink-0 font-medium text-slate-900">{line.price_xaf === null ? '—' : formatXaf(line.price_xaf)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <Button block onClick={onNext} disabled={!valid || remap.isPending} icon={<ArrowRight size={16} aria-hidden="true" />}>
        {t.toReview}
      </Button>
    </div>
  );
}
