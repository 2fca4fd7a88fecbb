// A row of filter chips (one pressed at a time) above a list: it scrolls sideways on a narrow
// screen rather than wrapping. Each chip's content is the caller's (a label, a count, a badge).
import type { ReactNode } from 'react';

type FilterChipsProps<K extends string> = {
  label: string;
  options: readonly K[];
  selected: K;
  onSelect: (key: K) => void;
  children: (key: K, selected: boolean) => ReactNode;
};

export function FilterChips<K extends string>({ label, options, selected, onSelect, children }: FilterChipsProps<K>) {
  return (
    <div role="group" aria-label={label} className="flex gap-2 overflow-x-auto pb-1">
      {options.map((key) => (
        <button
          key={key}
          type="button"
          aria-pressed={selected === key}
          onClick={() => onSelect(key)}
          className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold transition-colors ${
            selected === key ? 'bg-brand-700 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'
          }`}
        >
          {children(key, selected === key)}
        </button>
      ))}
    </div>
  );
}
