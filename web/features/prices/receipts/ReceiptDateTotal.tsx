// The review's date and time of purchase (changeable) and the ticket's total as read.
import { fr } from '#contract/messages';
import { DateField } from '../../../ui/DateField';
import { TextField } from '../../../ui/Field';
import { Money } from '../../../ui/Money';
import { type PurchaseDate, validDate, validTime } from './purchase-date';

type ReceiptDateTotalProps = { value: PurchaseDate; onChange: (value: PurchaseDate) => void; read: boolean; total: number | null };

export function ReceiptDateTotal({ value, onChange, read, total }: ReceiptDateTotalProps) {
  const t = fr.receiptsUi;
  const dateError = value.date && !validDate(value.date) ? t.dateInvalid : undefined;
  const timeError = validTime(value.time) ? undefined : t.timeInvalid;
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-[minmax(0,1fr)_7rem] gap-3">
        <DateField label={t.date} value={value.date} onChange={(date) => onChange({ ...value, date })} error={dateError} placeholder="JJ/MM/AAAA" pickLabel={t.pickDate} />
        <TextField label={t.time} type="time" value={value.time} onChange={(e) => onChange({ ...value, time: e.target.value })} error={timeError} />
      </div>
      {!read && <p className="text-sm text-amber-800">{t.dateUnknown}</p>}
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-xl bg-slate-50 px-3 py-2">
        <span className="text-sm font-medium text-slate-700">{t.total}</span>
        {total === null ? <span className="text-sm text-slate-500">{t.totalUnknown}</span> : <Money amount={total} className="font-semibold whitespace-nowrap text-slate-900" />}
      </p>
    </div>
  );
}
