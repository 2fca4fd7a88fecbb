// A date typed or picked as dd/MM/yyyy whatever the browser's language (a native date input follows
// the system locale), with the native calendar behind a button. The value is ISO (yyyy-MM-dd), or
// the raw text while it is not a valid date, so the form's schema can say why.
import { CalendarDays } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  min?: string;
  error?: string;
  placeholder?: string;
  pickLabel: string;
};

const toDisplay = (iso: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
};

function toIso(text: string): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return text.trim();
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return text.trim();
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function DateField({ label, value, onChange, onBlur, min, error, placeholder, pickLabel }: Props) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(toDisplay(value));
  // Follow outside changes (reset, calendar) without fighting the user's typing.
  useEffect(() => {
    if (toIso(text) !== value) setText(toDisplay(value));
  }, [value]);

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={placeholder}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            onChange(toIso(e.target.value));
          }}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`block h-11 w-full rounded-xl border bg-white px-3.5 pr-12 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 ${error ? 'border-rose-500' : 'border-slate-300'}`}
        />
        <button
          type="button"
          onClick={() => picker.current?.showPicker?.()}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-slate-500 hover:text-brand-700"
          aria-label={pickLabel}
        >
          <CalendarDays size={18} />
        </button>
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          min={min}
          value={/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          className="pointer-events-none absolute bottom-0 right-0 h-0 w-0 opacity-0"
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-rose-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
