// A text input or textarea with its character counter beside the label (title 60, subtitle 100,
// description 200) and its error below.
import { useId } from 'react';
import { fr } from '#contract/messages';

type CountedFieldProps = {
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
  multiline?: boolean;
};

const CONTROL = 'block w-full rounded-xl border bg-white px-3.5 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20';

export function CountedField({ label, value, max, onChange, error, placeholder, multiline = false }: CountedFieldProps) {
  const id = useId();
  const counterId = `${id}-counter`;
  const props = {
    id,
    value,
    maxLength: max,
    placeholder,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error ${counterId}` : counterId,
    className: `${CONTROL} ${error ? 'border-rose-500' : 'border-slate-300'} ${multiline ? 'py-2.5' : 'h-11'}`,
  };
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <span id={counterId} className={`text-xs tabular-nums ${value.length >= max ? 'font-semibold text-amber-700' : 'text-slate-500'}`}>
          {fr.adsUi.counter(value.length, max)}
        </span>
      </div>
      {multiline ? <textarea rows={3} {...props} /> : <input type="text" {...props} />}
      {error && (
        <p id={`${id}-error`} className="text-sm text-rose-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
