// A radio group drawn as cards (ad type, duration, audience, payment method): one native radio per
// option so that labels, arrow keys and screen readers work as for any radio group.
import { useId, type ReactNode } from 'react';

export type Choice<V extends string | number> = { value: V; label: string; hint?: ReactNode; adornment?: ReactNode };

type ChoiceCardsProps<V extends string | number> = {
  legend: string;
  choices: Choice<V>[];
  value: V;
  onChange: (value: V) => void;
  columns?: string;
};

export function ChoiceCards<V extends string | number>({ legend, choices, value, onChange, columns = 'grid-cols-1 min-[400px]:grid-cols-2 sm:grid-cols-3' }: ChoiceCardsProps<V>) {
  const name = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{legend}</legend>
      <div className={`grid gap-2 ${columns}`}>
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <label
              key={String(choice.value)}
              className={`flex min-w-0 cursor-pointer items-start gap-2.5 rounded-xl border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/40 ${
                checked ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white hover:border-slate-300'
              }`}
            >
              <input type="radio" name={name} className="mt-0.5 size-4 shrink-0 accent-brand-700" checked={checked} onChange={() => onChange(choice.value)} />
              {choice.adornment}
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{choice.label}</span>
                {choice.hint && <span className="block text-xs text-slate-500">{choice.hint}</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
