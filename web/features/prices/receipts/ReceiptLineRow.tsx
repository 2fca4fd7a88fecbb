// One line of the review: what was read, the product (changeable), the quantity and the unit price
// (editable), the line's total; in amber with the reason when the reading is uncertain or its
// arithmetic fails; greyed out when it will not be sent.
import { AlertTriangle, RefreshCw, Undo2 } from 'lucide-react';
import { useId } from 'react';
import { fr } from '#contract/messages';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { Money } from '../../../ui/Money';
import { LineProductPicker } from './LineProductPicker';
import { isSent, lineProblem, type LineProduct, type ReviewLine } from './review-lines';

type ReceiptLineRowProps = {
  line: ReviewLine;
  open: boolean;
  onToggle: () => void;
  onChange: (patch: Partial<ReviewLine>) => void;
};

export function ReceiptLineRow({ line, open, onToggle, onChange }: ReceiptLineRowProps) {
  const t = fr.receiptsUi;
  const id = useId();
  const problem = lineProblem(line);
  const sent = isSent(line);
  const frame = problem ? 'border-amber-400 bg-amber-50/70 ring-1 ring-amber-300' : 'border-slate-200 bg-white';
  const pick = (product: LineProduct) => {
    onChange({ product, excluded: false, changed: true });
    onToggle();
  };
  return (
    <li className={`rounded-xl border p-3 ${frame}`} data-testid="receipt-line" data-sent={sent} data-problem={problem ? 'true' : 'false'}>
      <p className="font-mono text-xs break-words text-slate-500">
        {t.read} : « {line.read} »
      </p>
      <div className="mt-1.5 flex items-start gap-2">
        <p className={`min-w-0 flex-1 font-medium break-words ${line.excluded || !line.product ? 'text-slate-500' : 'text-slate-900'}`}>
          {line.excluded ? t.excluded : (line.product?.name ?? t.noProduct)}
        </p>
        {line.excluded ? (
          <Button variant="outline" size="sm" icon={<Undo2 size={14} aria-hidden="true" />} onClick={() => onChange({ excluded: false })} className="shrink-0">
            {t.putBack}
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={onToggle} aria-expanded={open} aria-controls={`${id}-change`} aria-label={t.changeProductFor(line.read)} icon={<RefreshCw size={14} aria-hidden="true" />} className="shrink-0">
            {t.changeProduct}
          </Button>
        )}
      </div>
      {!line.excluded && (
        <div className="mt-2 grid grid-cols-[5.5rem_minmax(0,1fr)] items-start gap-2">
          <TextField label={t.quantity} inputMode="decimal" value={line.quantity} onChange={(e) => onChange({ quantity: e.target.value })} />
          <TextField
            label={t.unitPrice}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={line.price}
            onChange={(e) => onChange({ price: e.target.value, changed: true })}
            aria-label={line.product ? t.unitPriceFor(line.product.name) : t.unitPrice}
          />
        </div>
      )}
      {!line.excluded && line.lineTotal !== null && (
        <p className="mt-1.5 flex flex-wrap justify-between gap-x-2 text-xs text-slate-600">
          <span>{t.lineTotal}</span>
          <Money amount={line.lineTotal} className="whitespace-nowrap font-medium text-slate-800" />
        </p>
      )}
      {problem && (
        <p className="mt-2 flex items-start gap-1.5 text-sm font-medium text-amber-900" data-testid="line-problem">
          <AlertTriangle size={16} className="mt-0.5 shrink-0" aria-hidden="true" /> {problem}
        </p>
      )}
      {open && !line.excluded && (
        <LineProductPicker
          id={`${id}-change`}
          line={line}
          onPick={pick}
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
