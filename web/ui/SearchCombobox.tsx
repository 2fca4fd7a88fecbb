// A search box whose results load as the user types (debounced), listed under it. The caller
// provides the search and how an option looks; choosing one calls onPick and clears the box.
import { Search } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { keepEnterInSearch } from '../lib/search-keys';
import { Spinner } from './Spinner';

type SearchComboboxProps<T> = {
  label: string;
  placeholder?: string;
  search: (query: string, signal: AbortSignal) => Promise<T[]>;
  keyOf: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  optionLabel: (option: T) => string;
  onPick: (option: T) => void;
  emptyText: string;
  loadingText: string;
  /** A line above the options (e.g. that they come from this device's copy, offline); shown instead of emptyText when there are none. */
  note?: ReactNode;
  /** Search even with an empty box (shows suggestions on focus). */
  searchEmpty?: boolean;
  debounceMs?: number;
};

export function SearchCombobox<T>({ label, placeholder, search, keyOf, renderOption, optionLabel, onPick, emptyText, loadingText, note, searchEmpty = false, debounceMs = 300 }: SearchComboboxProps<T>) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [results, setResults] = useState<T[] | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!open || (!searchEmpty && query.trim() === '')) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      search(query.trim(), controller.signal)
        .then((found) => setResults(found))
        .catch(() => !controller.signal.aborted && setResults([]))
        .finally(() => !controller.signal.aborted && setLoading(false));
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, open, search, searchEmpty, debounceMs]);

  const pick = (option: T) => {
    onPick(option);
    setQuery('');
    setResults(null);
  };

  return (
    <div className="relative" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <Search size={18} className="pointer-events-none absolute inset-y-0 left-3 my-auto text-slate-400" aria-hidden="true" />
        <input
          id={id}
          type="search"
          role="combobox"
          aria-expanded={open && results !== null}
          aria-controls={`${id}-results`}
          autoComplete="off"
          value={query}
          placeholder={placeholder}
          onFocus={() => setOpen(true)}
          onKeyDown={keepEnterInSearch}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          className="block h-11 w-full rounded-xl border border-slate-300 bg-white pl-10 pr-10 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
        />
        {loading && <Spinner size={18} className="absolute inset-y-0 right-3 my-auto text-slate-400" />}
      </div>
      {open && results !== null && (
        <ul id={`${id}-results`} role="listbox" aria-label={label} className="absolute z-30 mt-1 max-h-80 w-full overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg">
          {note && (
            <li className="border-b border-slate-100 px-3 py-2 text-sm text-amber-800" data-testid="search-note">
              {note}
            </li>
          )}
          {loading && results.length === 0 ? (
            <li className="px-3 py-2 text-sm text-slate-500">{loadingText}</li>
          ) : results.length === 0 ? (
            !note && <li className="px-3 py-2 text-sm text-slate-500">{emptyText}</li>
          ) : (
            results.map((option) => (
              <li key={keyOf(option)} role="option" aria-selected="false" aria-label={optionLabel(option)}>
                <button type="button" onClick={() => pick(option)} className="flex w-full items-start gap-3 px-3 py-2 text-left hover:bg-brand-50 focus:bg-brand-50 focus:outline-none">
                  {renderOption(option)}
                </button>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
